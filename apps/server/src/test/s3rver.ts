import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createS3Storage } from '../platform/storage/s3.js';
import type { Storage } from '../platform/storage/storage.js';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverCtor = new (opts: { port: number; address: string; directory: string; silent: boolean }) => S3rverInstance;
// s3rver ships CommonJS without types.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverCtor;

/** A local S3-protocol server (s3rver) on a free port, and our S3 storage pointed at it. */
export async function startS3rver(): Promise<{ storage: Storage; dir: string; close: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bayclub-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory: dir, silent: true });
  const { port } = await server.run();
  const storage = createS3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    bucketPrefix: 'bayclub-',
    forcePathStyle: true,
  });
  return {
    storage,
    dir,
    async close() {
      await storage.close();
      await server.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
