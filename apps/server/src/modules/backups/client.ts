import fs from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_ENDPOINT_FILE, backupEndpointSchema, type BackupEndpoint } from './service.js';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The running server's backup endpoint in this data folder, or null when no live server wrote one. */
export async function runningServerEndpoint(dataDir: string): Promise<BackupEndpoint | null> {
  const text = await fs.readFile(path.join(dataDir, BACKUP_ENDPOINT_FILE), 'utf8').catch(() => null);
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const endpoint = backupEndpointSchema.safeParse(parsed);
  return endpoint.success && isAlive(endpoint.data.pid) ? endpoint.data : null;
}

/** Ask the running server for a consistent copy of its database (it records the backup itself). */
export async function backupFromServer(endpoint: BackupEndpoint, file: string): Promise<Buffer> {
  const res = await fetch(`http://127.0.0.1:${endpoint.port}/api/internal/backup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${endpoint.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ file: path.resolve(file) }),
    signal: AbortSignal.timeout(10 * 60_000),
  });
  if (!res.ok) throw new Error(`The running server refused the backup (HTTP ${res.status}).`);
  return Buffer.from(await res.arrayBuffer());
}
