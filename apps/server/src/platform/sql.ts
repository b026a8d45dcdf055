import { getTableColumns, sql, type Column, type SQL, type Table } from 'drizzle-orm';
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------------
// Raw rows, checked where they enter (decision 019, "Raw SQL rows").
//
// `db.execute(sql`...`)` hands back whatever the SQL selected, untyped: a row type written next to it is a promise
// nobody keeps (a renamed column or alias reads as undefined in production while TypeScript is content). So a raw
// read names a zod object for its row, and rowsOf checks every row against it: the row's TypeScript type is that
// schema's output, so the type and the check are one thing. Fields that are plain table columns come from the Drizzle
// schema (columnsOf / columnOf), so renaming a column breaks the type check there too.
//
// What the drivers hand back (through drizzle's execute, measured on both engines): timestamps, dates and intervals
// as text (drizzle turns the drivers' own parsers off), int8 (count(*), sum(), bigint columns) as a number from
// PGlite and as text from node-postgres, int4 and float8 as numbers, booleans, arrays of text, int or uuid as
// arrays, json and jsonb parsed.

/** A raw row's shape: a zod object (module-level, built once; building one per call costs more than checking). */
export type RowSchema = z.ZodType<object>;

/** A raw SQL row that is not what its schema says: which row, which fields, and the columns it did have. */
export class RowShapeError extends Error {
  override name = 'RowShapeError';
}

/**
 * The rows of a raw `db.execute` result, each checked against `schema` (and its coercions applied). node-postgres and
 * PGlite hand back `{ rows }`; an array is taken as the rows themselves. A row that does not match throws
 * RowShapeError naming the fields and the row's columns, never its values (they are members' data).
 */
export function rowsOf<S extends RowSchema>(result: unknown, schema: S): Array<z.output<S>> {
  const rows = (result as { rows?: unknown[] }).rows ?? (result as unknown[]);
  const out = new Array<z.output<S>>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const checked = schema.safeParse(rows[i]);
    if (!checked.success) throw rowShapeError(checked.error, i, rows[i]);
    out[i] = checked.data;
  }
  return out;
}

function rowShapeError(error: z.ZodError, index: number, row: unknown) {
  const fields = error.issues.map((issue) => `${issue.path.join('.') || '(row)'}: ${issue.message}`).join('; ');
  const columns = row && typeof row === 'object' ? Object.keys(row).join(', ') : typeof row;
  return new RowShapeError(`Raw SQL row ${index} does not match its schema (${fields}); the row has: ${columns}`);
}

// ---------------------------------------------------------------------------------------------------------
// Fields whose form depends on the engine. Each validates; count and textList also coerce to one form.

const INTEGER_TEXT = /^-?\d+$/;
/** Enough of a timestamp's text form to tell it from anything else; the presenters parse it. */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/** count(*), sum() of integers, or any int8: a number from PGlite, text from node-postgres; a number either way. */
export const count = () => z.union([z.number().int(), z.string().regex(INTEGER_TEXT)]).transform(Number);

/**
 * A timestamp(tz) or date: text from both drivers through drizzle (microseconds on PostgreSQL, milliseconds on
 * PGlite), a Date where a driver parses it. Passed on as it came: the presenters read both, and a cursor needs the
 * text's microseconds (exactInstant), which a Date would lose.
 */
export const timestamp = () => z.union([z.date(), z.string().regex(TIMESTAMP_TEXT)]);

/** A uuid (any version: test data and the seed use ids gen_random_uuid() would not make). */
export const uuid = () => z.guid();

/**
 * json or jsonb: parsed by both drivers. With a schema the value is checked against it; without one only its presence
 * is (for a column whose TypeScript type is the Drizzle schema's `$type`).
 */
export function jsonb<T>(schema?: z.ZodType<T>): z.ZodType<T> {
  return schema ?? z.custom<T>((v) => v !== undefined && v !== null, 'Expected a JSON value');
}

/** A text[] as the driver hands it over: parsed already, or in PostgreSQL's literal form (an array type it does not know). */
export function parseTextArray(value: string[] | string | null | undefined): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value.slice(1, -1).split(',').map((v) => v.replace(/^"(.*)"$/, '$1'));
}

/** A text[] (or an array of an enum), as an array whichever form it came in. */
export const textList = () => z.union([z.array(z.string()), z.string()]).transform(parseTextArray);

// ---------------------------------------------------------------------------------------------------------
// Fields derived from the Drizzle schema, by their SQL names.

type ColumnsOf<T extends Table> = T['_']['columns'];
type AnyColumnOf<T extends Table> = ColumnsOf<T>[keyof ColumnsOf<T>];
/** The SQL names of a table's columns (Drizzle column types carry them as literal types). */
export type ColumnName<T extends Table> = AnyColumnOf<T>['_']['name'];
type ColumnNamed<T extends Table, N extends string> = Extract<AnyColumnOf<T>, { _: { name: N } }>;

/** The value a column arrives as in a raw row: timestamps as text or Date (see timestamp()), else Drizzle's data type. */
type RawValue<C extends Column> = C['_']['dataType'] extends 'date' ? Date | string : C['_']['data'];
type RawField<C extends Column> = z.ZodType<C['_']['notNull'] extends true ? RawValue<C> : RawValue<C> | null>;

/** The zod field of a raw value of `column`, by its column type; a type without one fails at start-up, loudly. */
function fieldOf(column: Column): z.ZodType {
  const base = baseFieldOf(column);
  return column.notNull ? base : base.nullable();
}

function baseFieldOf(column: Column): z.ZodType {
  const enumValues = column.enumValues as [string, ...string[]] | undefined;
  switch (column.columnType) {
    case 'PgUUID':
      return uuid();
    case 'PgText':
    case 'PgVarchar':
      return enumValues?.length ? z.enum(enumValues) : z.string();
    case 'PgInteger':
    case 'PgSmallInt':
    case 'PgSerial':
      return z.number().int();
    case 'PgDoublePrecision':
    case 'PgReal':
      return z.number();
    case 'PgBigInt53':
    case 'PgBigSerial53':
      return count();
    case 'PgBoolean':
      return z.boolean();
    case 'PgTimestamp':
    case 'PgTimestampString':
    case 'PgDate':
    case 'PgDateString':
      return timestamp();
    case 'PgJson':
    case 'PgJsonb':
      return jsonb();
    case 'PgArray': {
      const base = (column as unknown as { baseColumn: Column }).baseColumn;
      if (base.columnType === 'PgText' || base.columnType === 'PgVarchar') return textList();
      break;
    }
  }
  throw new Error(`platform/sql: no raw-row field for ${column.columnType} (column ${column.name}); add one to baseFieldOf`);
}

function columnNamed(table: Table, name: string): Column {
  const column = Object.values(getTableColumns(table) as Record<string, Column>).find((c) => c.name === name);
  if (!column) throw new Error(`platform/sql: no column ${name} in this table`);
  return column;
}

/**
 * One column's raw-row field, for a column selected under another name (`c.name as community_name`) or made nullable
 * by a left join (`columnOf(communities, 'name').nullable()`).
 */
export function columnOf<T extends Table, const N extends ColumnName<T>>(table: T, name: N): RawField<ColumnNamed<T, N>> {
  return fieldOf(columnNamed(table, name)) as RawField<ColumnNamed<T, N>>;
}

/**
 * The raw-row fields of a table's columns, by their SQL names, to spread into a row's z.object:
 * `z.object({ ...columnsOf(events, 'id', 'title', 'starts_at'), community_name: ... })`. A name that is not a column
 * of that table fails the type check.
 */
export function columnsOf<T extends Table, const N extends ColumnName<T>>(
  table: T,
  ...names: N[]
): { [K in N]: RawField<ColumnNamed<T, K>> } {
  return Object.fromEntries(names.map((name) => [name, columnOf(table, name)])) as { [K in N]: RawField<ColumnNamed<T, K>> };
}

/** Every field of `shape` nullable: the columns of a left-joined table, which are all null when nothing joined. */
export function leftJoined<S extends Record<string, z.ZodType>>(shape: S): { [K in keyof S]: z.ZodNullable<S[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([k, f]) => [k, f.nullable()])) as { [K in keyof S]: z.ZodNullable<S[K]> };
}

// ---------------------------------------------------------------------------------------------------------
// Parameters and errors

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
