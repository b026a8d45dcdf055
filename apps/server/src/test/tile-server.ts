// A local stand-in for a raster tile server (OpenStreetMap's tile.openstreetmap.org and the like), for tests and
// offline runs: GET /{z}/{x}/{y}.png answers a generated 256 px PNG for a tile that exists (z 0-19, x and y within
// 2^z) and 404 for anything else, as a tile server does. Point MAP_TILE_URL at `${url}/{z}/{x}/{y}.png`.
// Run alone: node --import tsx apps/server/src/test/tile-server.ts [port]
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export const TILE_MAX_ZOOM = 19;
const TILE_PATH = /^\/(\d{1,2})\/(\d{1,7})\/(\d{1,7})\.png$/;

/** z/x/y of a tile that exists, or null (out of range, not a tile path). */
export function parseTilePath(pathname: string): { z: number; x: number; y: number } | null {
  const m = TILE_PATH.exec(pathname);
  if (!m) return null;
  const [z, x, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const n = 2 ** z;
  return z <= TILE_MAX_ZOOM && x < n && y < n ? { z, x, y } : null;
}

/** Two tiles, a checkerboard: plain land with a grid line, so panning is visible and every tile is a real PNG. */
async function renderTiles(): Promise<[Buffer, Buffer]> {
  const tile = (fill: string) =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="${fill}"/>` +
          `<path d="M0 .5H256M.5 0V256" stroke="#c9c2b4"/><path d="M0 180C80 150 170 210 256 170" stroke="#a8c8e8" stroke-width="10" fill="none"/></svg>`,
      ),
    )
      .png()
      .toBuffer();
  return Promise.all([tile('#f2efe9'), tile('#ebe7df')]);
}

export interface TileServer {
  url: string;
  /** `${url}/{z}/{x}/{y}.png`: what MAP_TILE_URL takes. */
  urlTemplate: string;
  /** Tiles served so far (a test can see the browser asked). */
  served: () => number;
  close: () => Promise<void>;
}

export async function startTileServer({ port = 0, host = '127.0.0.1' }: { port?: number; host?: string } = {}): Promise<TileServer> {
  const tiles = await renderTiles();
  let served = 0;
  const server = http.createServer((req, res) => {
    const tile = req.method === 'GET' || req.method === 'HEAD' ? parseTilePath(new URL(req.url ?? '/', 'http://x').pathname) : null;
    if (!tile) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Tile not found');
      return;
    }
    served += 1;
    const body = tiles[(tile.x + tile.y) % 2]!;
    // Cross-origin images need no CORS; the cache header is what real tile servers send.
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': body.length, 'cache-control': 'public, max-age=86400' });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url,
    urlTemplate: `${url}/{z}/{x}/{y}.png`,
    served: () => served,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startTileServer({ port: Number(process.argv[2] ?? 4100) });
  console.log(`Tile double at ${server.url}: MAP_TILE_URL=${server.urlTemplate}`);
}
