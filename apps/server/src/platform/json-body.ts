import type { FastifyInstance } from 'fastify';
import { badRequest, PLATFORM_ERRORS } from './errors.js';

/** Deepest nesting of arrays and objects a JSON body may have; our deepest schema needs 4. */
export const MAX_JSON_DEPTH = 32;

/**
 * True when JSON text nests arrays or objects deeper than `limit` (brackets inside strings do not count). A linear
 * scan without recursion, so it is safe on any input; whether the text is valid JSON is for the parser to say.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  if (text.length <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Fastify's JSON body parser (same prototype-poisoning rules) behind a nesting limit, for every route. Deeply nested
 * input parses fine but overflows the stack of whatever walks it recursively later (JSON.stringify in the auth
 * bridge, a validator): refused here as a 400 before any of that runs.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(badRequest(PLATFORM_ERRORS.nestedTooDeeply), undefined);
      return;
    }
    // The default parser answers through `done` (its type also allows a promise, which it never returns).
    void parse(request, body as string, done);
  });
}
