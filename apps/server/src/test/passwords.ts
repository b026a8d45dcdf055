import crypto from 'node:crypto';
import { promisify } from 'node:util';
import type { PasswordHasher } from '../app-context.js';

const scrypt = promisify(crypto.scrypt) as (password: string, salt: string, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;
// 1,024 rounds of 8 blocks instead of better-auth's 16,384 of 16: a real, salted, one-way scrypt hash in under
// 2 ms instead of 0.1 s. The Vitest suites hash and verify about 2,800 passwords per engine, which took half the
// server suite's time; the browser journeys, the seed, the CLI and every running server keep better-auth's own.
const LOW_COST = { N: 1024, r: 8, p: 1 };

async function derive(password: string, salt: string) {
  return (await scrypt(password.normalize('NFKC'), salt, 64, LOW_COST)).toString('hex');
}

/** The Vitest harness's hasher (buildTestApp): better-auth's format, `salt:key` in hex, at a test's cost. */
export const lowCostPasswords: PasswordHasher = {
  async hash(password) {
    const salt = crypto.randomBytes(16).toString('hex');
    return `${salt}:${await derive(password, salt)}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    return crypto.timingSafeEqual(Buffer.from(await derive(password, salt), 'hex'), Buffer.from(key, 'hex'));
  },
};
