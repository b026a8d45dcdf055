import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { parseTilePath, startTileServer } from './tile-server.js';

/** The tile double answers like a tile server: a PNG for a tile that exists, 404 for anything else. */
const server = await startTileServer();
afterAll(() => server.close());

describe('tile double', () => {
  it('answers 200 image/png, a 256 px PNG, for valid z/x/y', async () => {
    for (const path of ['/0/0/0.png', '/16/17727/27501.png', '/19/524287/524287.png']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 256, height: 256 });
    }
    expect(server.served()).toBe(3);
  });

  it('answers 404 outside the tile grid or for anything that is not a tile', async () => {
    for (const path of ['/0/1/0.png', '/1/0/2.png', '/20/0/0.png', '/a/b/c.png', '/1/0/0.jpg', '/1/0', '/', '/-1/0/0.png'])
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
    expect((await fetch(`${server.url}/1/0/0.png`, { method: 'POST' })).status).toBe(404);
    expect(parseTilePath('/3/7/7.png')).toEqual({ z: 3, x: 7, y: 7 });
    expect(parseTilePath('/3/8/7.png')).toBeNull();
  });
});
