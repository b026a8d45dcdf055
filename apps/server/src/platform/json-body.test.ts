import { describe, expect, it } from 'vitest';
import { applyAs, buildTestApp, isErrorBody } from '../test/helpers.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-body.js';

const t = await buildTestApp();

const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
const post = (url: string, payload: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
const TOO_DEEP = { error: { code: 'BAD_REQUEST', message: 'The request body is nested too deeply' } };

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan(deepArray(3), 3)).toBe(false);
    expect(nestsDeeperThan(deepArray(4), 3)).toBe(true);
    expect(nestsDeeperThan(deepObject(4), 3)).toBe(true);
    expect(nestsDeeperThan(`{"a":"${'['.repeat(100)}"}`, 3)).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\"${'{'.repeat(100)}"}`, 3)).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\\\"${',['.repeat(5)}`, 3)).toBe(true);
    expect(nestsDeeperThan('[1],[2],[3],[4],[5]', 3)).toBe(false);
  });
});

describe('deeply nested JSON bodies', () => {
  it('20,000 levels to the auth bridge and to our own routes are a 400, not a stack overflow', async () => {
    const urls = ['/api/auth/sign-in/email', '/api/auth/request-password-reset', '/api/auth/reset-password', '/api/applications', '/api/analytics/pwa', '/api/session/sign-out'];
    for (const url of urls) {
      for (const body of [deepArray(20_000), deepObject(20_000), `{"email":${deepArray(20_000)},"password":"x"}`]) {
        const res = await post(url, body);
        expect(res.statusCode, `${url} ${body.slice(0, 12)}`).toBe(400);
        expect(res.json()).toEqual(TOO_DEEP);
      }
    }
  });

  it(`${MAX_JSON_DEPTH} levels are read as usual, ${MAX_JSON_DEPTH + 1} are refused`, async () => {
    const at = await post('/api/analytics/pwa', `{"eventType":"x","eventData":${deepArray(MAX_JSON_DEPTH - 1)}}`);
    expect(at.statusCode).toBe(400);
    expect(at.json().error.code).toBe('VALIDATION_FAILED'); // parsed, then refused by the schema
    const over = await post('/api/analytics/pwa', `{"eventType":"x","eventData":${deepArray(MAX_JSON_DEPTH)}}`);
    expect(over.json()).toEqual(TOO_DEEP);
  });

  it('ordinary bodies still work, also with brackets in their strings; malformed JSON keeps its message', async () => {
    const u = await applyAs(t);
    const ok = await post('/api/auth/sign-in/email', JSON.stringify({ email: u.email, password: u.password }));
    expect(ok.statusCode).toBe(200);
    const brackets = await post('/api/analytics/pwa', JSON.stringify({ eventType: '['.repeat(40), platform: '{'.repeat(40) }));
    expect(brackets.statusCode).toBe(204);
    const malformed = await post('/api/analytics/pwa', '{"a":');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON' } });
    const poisoned = await post('/api/analytics/pwa', '{"__proto__":{"polluted":1}}');
    expect(poisoned.statusCode).toBe(400);
    expect(isErrorBody(poisoned.json())).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
