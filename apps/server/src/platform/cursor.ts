import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { badRequest, PLATFORM_ERRORS } from './errors.js';

/** Opaque keyset cursors: base64url JSON of the last row's sort key. */
export function encodeCursor(key: object): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor<T>(cursor: string | undefined, isValid: (v: unknown) => v is T): T | null {
  if (!cursor) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (isValid(value)) return value;
  } catch {
    /* fall through */
  }
  throw badRequest(PLATFORM_ERRORS.invalidCursor, { cursor: PLATFORM_ERRORS.invalidCursor });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);
/** Only the ISO UTC form exactInstant and toISOString write (so a tampered cursor is a 400, never a SQL error). */
export const isInstant = (v: unknown): v is string => {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(v)) return false;
  const d = new Date(v);
  return !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 1970 && d.toISOString().slice(0, 19) === v.slice(0, 19);
};

/** The common keyset: a timestamp `c` (exact, see exactInstant) and an id `i` to break ties. */
export interface TimeCursor {
  c: string;
  i: string;
}
export const isTimeCursor = (v: unknown): v is TimeCursor =>
  typeof v === 'object' && v !== null && isInstant((v as { c?: unknown }).c) && isUuid((v as { i?: unknown }).i);

/**
 * A timestamp column as ISO text with all six fraction digits. A JS Date keeps only milliseconds, so a cursor
 * built from one would skip rows sharing the last row's millisecond.
 */
export const exactInstant = (col: AnyPgColumn | SQL) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A member's name as a sort key: lower case with the accents taken off (bayclub_fold, migration 0024), so "Álvaro"
 * sorts with the a's, not after "Zoe" as its bytes would (issue 26). Never null; the indexes that walk a name sort
 * are built on exactly this expression (migration 0025).
 */
export const nameSortKey = (fullName: SQL) => sql<string>`bayclub_fold(coalesce(${fullName}, ''))`;
