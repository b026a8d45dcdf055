import { sql, type SQL } from 'drizzle-orm';

/**
 * A text[] parameter. Drizzle expands a JS array in a sql template into a row of parameters, so the array
 * goes as one PostgreSQL array literal (every element quoted and escaped) and is cast on the server.
 */
export function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
  return sql`${literal}::text[]`;
}
