import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers.js';

const t = await buildTestApp();

describe('GET /api/get-app/qr.svg', () => {
  it("is a public SVG QR code of this club's /get-app page, cached, whatever the query says", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/get-app/qr.svg?url=https://evil.example' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toMatch(/^<svg[^>]+viewBox="0 0 \d+ \d+"/);
    expect(res.body).not.toContain('evil');
    const again = await t.app.inject({ method: 'GET', url: '/api/get-app/qr.svg' });
    expect(again.body).toBe(res.body);
  });
});
