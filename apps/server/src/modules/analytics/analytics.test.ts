import { describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { buildTestApp, createMember, injectAs } from '../../test/helpers.js';
import { pwaAnalytics } from '../../db/schema/index.js';

const t = await buildTestApp();
const db = t.ctx.database.db;
const latest = async () => (await db.select().from(pwaAnalytics).orderBy(desc(pwaAnalytics.createdAt)).limit(1))[0]!;

describe('POST /api/analytics/pwa', () => {
  it('records an anonymous event: 204, no body, no user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/pwa',
      payload: { eventType: 'install_prompt', eventData: { step: 1, ok: true, note: 'x', none: null }, platform: 'ios', isPwaMode: true },
      headers: { 'user-agent': `Agent/${'x'.repeat(600)}` },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const row = await latest();
    expect(row).toMatchObject({
      userId: null,
      eventType: 'install_prompt',
      eventData: { step: 1, ok: true, note: 'x', none: null },
      platform: 'ios',
      isPwaMode: true,
    });
    // Only the browser and system are kept (decision 031).
    expect(row.userAgent).toBe('Other browser on other');
  });

  it('records the member when signed in, and ignores a claimed user id', async () => {
    const m = await createMember(t);
    const res = await injectAs(t, m, { method: 'POST', url: '/api/analytics/pwa', payload: { eventType: 'open', userId: '6f1c3e2a-8d4b-4c1e-9f2a-1b2c3d4e5f60' } });
    expect(res.statusCode).toBe(204);
    const row = await latest();
    expect(row.userId).toBe(m.id);
    expect(row.isPwaMode).toBe(false);
  });

  it('refuses bad bodies with 400 and writes nothing', async () => {
    const before = (await db.select().from(pwaAnalytics)).length;
    for (const payload of [
      {},
      { eventType: '' },
      { eventType: 'x'.repeat(65) },
      { eventType: 'x', eventData: { nested: { a: 1 } } },
      { eventType: 'x', eventData: 'text' },
      { eventType: 'x', isPwaMode: 'yes' },
      [],
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/analytics/pwa', payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toMatch(/VALIDATION_FAILED|BAD_REQUEST/);
    }
    const invalidJson = await t.app.inject({ method: 'POST', url: '/api/analytics/pwa', payload: '{', headers: { 'content-type': 'application/json' } });
    expect(invalidJson.statusCode).toBe(400);
    expect(invalidJson.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON' } });
    const text = await t.app.inject({ method: 'POST', url: '/api/analytics/pwa', payload: 'hi', headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(400);
    const xml = await t.app.inject({ method: 'POST', url: '/api/analytics/pwa', payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type' } });
    expect((await db.select().from(pwaAnalytics)).length).toBe(before);
  });
});
