import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config.js';
import { startHealthyServer } from '../test/server-process.js';
import { ADDRESS_FILE, addressToPrint, readServerAddress, recordServerAddress } from './address.js';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bayclub-address-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

describe('the address commands print', () => {
  it("follows the command's own PUBLIC_URL or PORT, else the address the server announced, else the default", () => {
    const announced = 'http://localhost:4123';
    expect(addressToPrint({ PUBLIC_URL: 'https://club.example' }, 'https://club.example', announced)).toBe('https://club.example');
    expect(addressToPrint({ PORT: '5000' }, 'http://localhost:5000', announced)).toBe('http://localhost:5000');
    expect(addressToPrint({}, 'http://localhost:3000', announced)).toBe(announced);
    expect(addressToPrint({ PORT: '0' }, 'http://localhost:0', announced)).toBe(announced);
    expect(addressToPrint({}, 'http://localhost:3000', null)).toBe('http://localhost:3000');
  });

  it('reads back only a URL the server wrote', async () => {
    const dir = await tempDir();
    expect(await readServerAddress(dir)).toBeNull();
    await recordServerAddress(dir, 'http://localhost:4123');
    expect(await readServerAddress(dir)).toBe('http://localhost:4123');
    await fs.writeFile(path.join(dir, ADDRESS_FILE), 'not a url');
    expect(await readServerAddress(dir)).toBeNull();
  });

  it('npm run seed:demo prints the port the server listened on, not 3000', { timeout: 180_000 }, async () => {
    const dataDir = await tempDir();
    // The server is started on a free port (not 3000) and stopped again: PGlite allows one opener at a time.
    const server = await startHealthyServer({ dataDir });
    const { port } = server;
    try {
      await expect.poll(() => readServerAddress(dataDir)).toBe(`http://localhost:${port}`);
    } finally {
      await server.stop();
    }
    // The seed runs without the server's environment, as a newcomer would run it in another terminal.
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    delete env.PORT;
    delete env.PUBLIC_URL;
    delete env.DATABASE_URL;
    const { stdout } = await promisify(execFile)('node', ['--import', 'tsx', 'apps/server/src/cli/seed-demo.ts'], { cwd: repoRoot, env });
    expect(stdout).toContain(`Sign in at http://localhost:${port}/login`);
    expect(stdout).not.toContain('localhost:3000');
  });
});
