import { badRequest } from './errors.js';

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
  throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
}
