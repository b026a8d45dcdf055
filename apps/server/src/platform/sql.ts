import { sql, type SQL } from 'drizzle-orm';

/**
 * The rows of a raw `db.execute` result. node-postgres and PGlite hand back `{ rows }`; an array is taken as the
 * rows themselves.
 */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/**
 * A text[] parameter. Drizzle expands a JS array in a sql template into a row of parameters, so the array
 * goes as one PostgreSQL array literal (every element quoted and escaped) and is cast on the server.
 */
export function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
  return sql`${literal}::text[]`;
}

/** `%`, `_` and `\` typed by a member are literal characters of a contains-match (LIKE's escape is `\`). */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** PostgreSQL unique violation, with the constraint that was hit (both engines report it the same). */
export function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const src = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : null;
  return src ? (src.constraint ?? 'unique') : null;
}
