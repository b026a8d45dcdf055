import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers.js';

const t = await buildTestApp();

describe('GET /api/health', () => {
  it('answers ok with the database engine and the applied migrations', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['database', 'migrations', 'status']);
    expect(body.status).toBe('ok');
    expect(body.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(Number.isInteger(body.migrations)).toBe(true);
    expect(body.migrations).toBeGreaterThanOrEqual(1);
  });

  it('needs no session and sends the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(res.headers['content-security-policy'])).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('answers quickly', async () => {
    const started = performance.now();
    for (let i = 0; i < 20; i++) await t.app.inject({ method: 'GET', url: '/api/health' });
    expect((performance.now() - started) / 20).toBeLessThan(200);
  });

  it('unknown API paths answer 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
});
