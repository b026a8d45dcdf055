import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { LIMITS } from '@bayclub/shared';
import { createTestDatabase } from '../../test/database.js';
import { runMigrations, type Database } from '../../db/client.js';
import { linkPreviews } from '../../db/schema/index.js';
import { safeFetch, SafeFetchError, type SafeFetchOptions } from '../../platform/safe-fetch.js';
import { createLinkPreviewService, PREVIEW_FRESH_MS, PREVIEW_RETRY_MS, previewKey } from './service.js';

const log = pino({ level: 'silent' });
let database: Database;
let drop: () => Promise<void>;

/** A local site: each path serves a fixed answer and counts its hits. */
const pages: Record<string, { type?: string; status?: number; body: string }> = {
  '/article': {
    type: 'text/html; charset=utf-8',
    body: `<html><head><title>Fallback</title><meta property="og:title" content="Sunset sail &amp; picnic">
      <meta property="og:description" content="Join us   on the bay &#8212; bring a hat."><meta property="og:site_name" content="Bay Sailing"></head></html>`,
  },
  '/xhtml': { type: 'application/xhtml+xml', body: '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>XHTML page</title></head></html>' },
  '/plain': { type: 'text/plain', body: '<title>not html</title>' },
  '/image': { type: 'image/png', body: '\x89PNG' },
  '/empty': { type: 'text/html', body: '<html><body><p>nothing to see</p></body></html>' },
  '/gone': { type: 'text/html', status: 404, body: '<title>Not found</title>' },
};
const hits: string[] = [];
const site = http.createServer((req, res) => {
  hits.push(req.url ?? '');
  const page = pages[req.url ?? ''];
  if (!page) return void res.writeHead(404).end();
  res.writeHead(page.status ?? 200, page.type ? { 'content-type': page.type } : {}).end(page.body);
});
let base = '';

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await runMigrations(database);
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => site.close(() => resolve()));
  await drop();
});
beforeEach(async () => {
  hits.length = 0;
  await database.db.delete(linkPreviews);
});

/** The real fetcher against the local site (allowPrivate, as LINK_PREVIEW_ALLOW_PRIVATE does in tests), with a movable clock. */
function setup(opts: { fetcher?: typeof safeFetch } = {}) {
  const clock = { at: new Date('2025-06-01T12:00:00Z') };
  const service = createLinkPreviewService({ db: database.db, log, allowPrivate: true, fetcher: opts.fetcher, now: () => clock.at });
  const advance = (ms: number) => (clock.at = new Date(clock.at.getTime() + ms));
  return { service, advance };
}
const rowOf = async (url: string) => (await database.db.select().from(linkPreviews).where(eq(linkPreviews.url, url)))[0];

describe('link previews', () => {
  it('previews an HTML page as text from its Open Graph tags, and caches it', async () => {
    const { service } = setup();
    const view = await service.preview(`${base}/article`);
    expect(view).toEqual({ url: `${base}/article`, title: 'Sunset sail & picnic', description: 'Join us on the bay — bring a hat.', siteName: 'Bay Sailing' });
    expect(await rowOf(`${base}/article`)).toMatchObject({ status: 'ok', title: 'Sunset sail & picnic', siteName: 'Bay Sailing' });
    expect(await service.preview(`${base}/xhtml`)).toEqual({ url: `${base}/xhtml`, title: 'XHTML page', description: null, siteName: '127.0.0.1' });
  });

  it('sends the fetch limits from LIMITS and never allows private targets unless told', async () => {
    const seen: SafeFetchOptions[] = [];
    const spy: typeof safeFetch = async (url, opts) => (seen.push(opts), safeFetch(url, opts));
    await createLinkPreviewService({ db: database.db, log, fetcher: spy }).preview(`${base}/article`);
    expect(seen[0]).toMatchObject({
      timeoutMs: LIMITS.linkPreviewTimeout,
      maxBytes: LIMITS.linkPreviewMaxBytes,
      maxRedirects: LIMITS.linkPreviewMaxRedirects,
      allowPrivate: false,
    });
  });

  it('refuses a loopback page by default: nothing fetched, null, cached as failed', async () => {
    const service = createLinkPreviewService({ db: database.db, log });
    expect(await service.preview(`${base}/article`)).toBeNull();
    expect(hits).toHaveLength(0);
    expect(await rowOf(`${base}/article`)).toMatchObject({ status: 'failed', title: null });
  });

  it('serves a fresh cached preview without fetching again, for any fragment of the same URL', async () => {
    const { service, advance } = setup();
    const first = await service.preview(`${base}/article#top`);
    advance(PREVIEW_FRESH_MS - 60_000);
    expect(await service.preview(`${base}/article#comments`)).toEqual(first);
    expect(await service.preview(`${base}/article`)).toEqual(first);
    expect(hits).toEqual(['/article']);
    expect(first?.url).toBe(`${base}/article`);
  });

  it('fetches an ok preview again once it is a week old', async () => {
    const { service, advance } = setup();
    await service.preview(`${base}/article`);
    advance(PREVIEW_FRESH_MS + 1);
    await service.preview(`${base}/article`);
    expect(hits).toEqual(['/article', '/article']);
  });

  it('caches a failure and retries it after an hour, not before', async () => {
    let calls = 0;
    let failing = true;
    const flaky: typeof safeFetch = async (url, opts) => {
      calls++;
      if (failing) throw new SafeFetchError('TIMEOUT', 'slow', url);
      return safeFetch(url, opts);
    };
    const { service, advance } = setup({ fetcher: flaky });
    expect(await service.preview(`${base}/article`)).toBeNull();
    expect(await rowOf(`${base}/article`)).toMatchObject({ status: 'failed' });
    failing = false;
    advance(PREVIEW_RETRY_MS - 60_000);
    expect(await service.preview(`${base}/article`)).toBeNull();
    expect(calls).toBe(1);
    advance(2 * 60_000);
    expect(await service.preview(`${base}/article`)).toMatchObject({ title: 'Sunset sail & picnic' });
    expect(calls).toBe(2);
    expect(await rowOf(`${base}/article`)).toMatchObject({ status: 'ok' });
  });

  it('treats an error status as a failure', async () => {
    const { service } = setup();
    expect(await service.preview(`${base}/gone`)).toBeNull();
    expect(await rowOf(`${base}/gone`)).toMatchObject({ status: 'failed' });
  });

  it('ignores non-HTML answers and pages with nothing useful, caching them for the week', async () => {
    const { service, advance } = setup();
    for (const path of ['/plain', '/image', '/empty']) {
      expect(await service.preview(`${base}${path}`), path).toBeNull();
      expect(await rowOf(`${base}${path}`), path).toMatchObject({ status: 'ok', title: null, description: null });
    }
    advance(PREVIEW_RETRY_MS * 2);
    for (const path of ['/plain', '/image', '/empty']) await service.preview(`${base}${path}`);
    expect(hits).toEqual(['/plain', '/image', '/empty']);
  });

  it('shares one fetch between concurrent requests for the same URL', async () => {
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: typeof safeFetch = async (url, opts) => {
      calls++;
      await gate;
      return safeFetch(url, opts);
    };
    const { service } = setup({ fetcher: slow });
    const all = Promise.all(Array.from({ length: 5 }, (_, i) => service.preview(`${base}/article${i % 2 ? '#x' : ''}`)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    const views = await all;
    expect(calls).toBe(1);
    expect(hits).toEqual(['/article']);
    expect(new Set(views.map((v) => JSON.stringify(v))).size).toBe(1);
    expect(views[0]).toMatchObject({ title: 'Sunset sail & picnic' });
  });

  it('does not preview what is not an http(s) URL or is too long', async () => {
    let calls = 0;
    const counting: typeof safeFetch = async (url, opts) => (calls++, safeFetch(url, opts));
    const { service } = setup({ fetcher: counting });
    for (const url of ['javascript:alert(1)', 'ftp://example.com/', 'not a url', `${base}/${'a'.repeat(3000)}`]) {
      expect(await service.preview(url), url).toBeNull();
    }
    expect(calls).toBe(0);
    expect(await database.db.select().from(linkPreviews)).toHaveLength(0);
  });

  it('normalizes the cache key', () => {
    expect(previewKey('HTTPS://Example.COM:443/a?b=1#frag')).toBe('https://example.com/a?b=1');
    expect(previewKey('http://example.com')).toBe('http://example.com/');
    expect(previewKey('data:text/html,<title>x</title>')).toBeNull();
  });
});
