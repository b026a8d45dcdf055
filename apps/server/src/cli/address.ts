import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where a running server says members reach it. On the embedded database the server writes it into the data
 * folder (that database's folder) each time it starts listening (main.ts), so a command run later without the
 * server's environment (npm run seed:demo after `PORT=4000 npm start`, or with `npm run dev` on :5173) still
 * prints the real address. On PostgreSQL the command's own PORT / PUBLIC_URL decide.
 */
export const ADDRESS_FILE = 'server-address';

export async function recordServerAddress(dataDir: string, address: string) {
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(path.join(dataDir, ADDRESS_FILE), `${address}\n`);
}

export async function readServerAddress(dataDir: string): Promise<string | null> {
  const text = await fs.readFile(path.join(dataDir, ADDRESS_FILE), 'utf8').catch(() => '');
  const address = text.trim();
  return /^https?:\/\/\S+$/.test(address) ? address.replace(/\/$/, '') : null;
}

/**
 * The address a command prints: what this command's own environment says (PUBLIC_URL, or PORT, read as the
 * server reads them), else the address the server announced when it last started, else the default.
 */
export function addressToPrint(env: NodeJS.ProcessEnv, configured: string, announced: string | null): string {
  const explicit = Boolean(env.PUBLIC_URL) || (Boolean(env.PORT) && env.PORT !== '0');
  if (explicit) return configured;
  return announced ?? configured;
}
