import fs from 'node:fs/promises';
import path from 'node:path';

const CACHE_MS = 60_000;
const cache = new Map<string, { at: number; figures: Promise<{ bytes: number; files: number }> }>();

/**
 * Bytes and files under the disk storage's folder, counted at most once a minute per folder (the Health panel asks
 * every 30 s; walking thousands of files each time would cost more than the page is worth).
 */
export function diskUsage(dir: string, now = Date.now()): Promise<{ bytes: number; files: number }> {
  const hit = cache.get(dir);
  if (hit && now - hit.at < CACHE_MS) return hit.figures;
  const figures = measure(dir);
  cache.set(dir, { at: now, figures });
  figures.catch(() => cache.delete(dir));
  return figures;
}

async function measure(dir: string) {
  let bytes = 0;
  let files = 0;
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const stat = await fs.stat(path.join(entry.parentPath ?? entry.path, entry.name)).catch(() => null);
    if (!stat) continue;
    bytes += stat.size;
    files += 1;
  }
  return { bytes, files };
}
