import type { FastifyInstance } from 'fastify';
import { badRequest, PLATFORM_ERRORS } from './errors.js';

/** NUL, or a UTF-16 surrogate without its pair: PostgreSQL text and jsonb cannot hold them. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when a string anywhere in the value (keys included) could not be stored. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  // Deeper input than this matches no schema; it is refused by validation anyway.
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  for (const [key, v] of Object.entries(value)) {
    if (UNSTORABLE.test(key) || hasUnstorableText(v, depth + 1)) return true;
  }
  return false;
}

/**
 * Input that the database would refuse is answered 400 here, for every route (better-auth's too),
 * instead of failing as a 500 deep inside a query. Runs after the access check.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (hasUnstorableText(request.params) || hasUnstorableText(request.query) || hasUnstorableText(request.body)) {
      throw badRequest(PLATFORM_ERRORS.unstorableText);
    }
  });
}
