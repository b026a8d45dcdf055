import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RESERVED_SLUGS, isReservedSlug } from './reserved-slugs.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** The first segment of a route path, or null for the index, parameters and the catch-all. */
const firstSegment = (p: string) => {
  const seg = p.replace(/^\//, '').split('/')[0]!;
  return !seg || seg.startsWith(':') || seg === '*' ? null : seg;
};

/** Every `.ts` file under `dir` that is not a test. */
function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(rel);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [rel] : [];
  });
}

describe('RESERVED_SLUGS', () => {
  it('holds every first path segment of the web app, for all three audiences (a new page cannot be forgotten)', () => {
    const routes = read('apps/web/src/app/routes.tsx');
    // Every route object's path is a plain quoted literal, so this reading sees all of them.
    expect(routes.match(/[{,]\s*path:(?!\s*'[^']*')/g) ?? []).toEqual([]);
    const segments = new Set([...routes.matchAll(/[{,]\s*path:\s*'([^']*)'/g)].map((m) => firstSegment(m[1]!)).filter((s) => s !== null));
    // The reading found the tables (signed-out, full_platform and community_only pages alike).
    for (const known of ['login', 'events', 'inbox', 'admin', 'view-profile', 'community', 'terms-of-service']) expect(segments).toContain(known);
    expect([...segments].filter((s) => !RESERVED_SLUGS.has(s))).toEqual([]);
  });

  it("holds the server's top-level paths outside the app's pages (api, media, the manifest...)", () => {
    const registered = new Set<string>();
    for (const file of sources('apps/server/src')) {
      for (const m of read(file).matchAll(/\.(?:get|post|put|patch|delete|head|all)\(\s*'(\/[^']*)'/g)) {
        const seg = firstSegment(m[1]!);
        if (seg) registered.add(seg);
      }
    }
    for (const known of ['api', 'media', 'manifest.webmanifest']) expect(registered).toContain(known);
    expect([...registered].filter((s) => !RESERVED_SLUGS.has(s))).toEqual([]);
  });

  it('holds the files served at the root: the public folder, the service worker and the build assets', () => {
    const publicFiles = fs.readdirSync(path.join(root, 'apps/web/public'));
    expect(publicFiles.length).toBeGreaterThan(0);
    expect(publicFiles.filter((f) => !RESERVED_SLUGS.has(f))).toEqual([]);
    for (const name of ['sw.js', 'assets', 'index.html']) expect(RESERVED_SLUGS.has(name), name).toBe(true);
  });

  it('holds the names the next pages will likely use', () => {
    for (const name of ['search', 'settings', 'notifications', 'help', 'about', 'support', 'new', 'posts']) {
      expect(RESERVED_SLUGS.has(name), name).toBe(true);
    }
  });

  it('is written in lowercase, and isReservedSlug ignores case and surrounding space', () => {
    expect([...RESERVED_SLUGS].filter((s) => s !== s.toLowerCase() || s !== s.trim())).toEqual([]);
    expect(isReservedSlug('Events')).toBe(true);
    expect(isReservedSlug(' INBOX ')).toBe(true);
    expect(isReservedSlug('eventsx')).toBe(false);
  });
});
