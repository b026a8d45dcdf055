import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { verifyPassword } from 'better-auth/crypto';
import { accounts } from '../../db/schema/index.js';
import { applyAs, buildTestApp, signIn } from '../../test/helpers.js';
import { lowCostPasswords } from '../../test/passwords.js';
import { betterAuthPasswords } from './passwords.js';

// Every other Vitest file hashes at a test's cost (test/passwords.ts); this one holds the app's own hasher.
const t = await buildTestApp({}, { realPasswordHashing: true });
const storedHash = async (userId: string) =>
  (await t.ctx.database.db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, userId)))[0]!.password!;

describe('password hashing', () => {
  it("the app hashes with better-auth's own scrypt unless told otherwise", () => {
    expect(t.ctx.passwords).toBe(betterAuthPasswords);
  });

  it("an applicant's password is stored as better-auth's hash: better-auth verifies it, and signing in works", async () => {
    const u = await applyAs(t);
    const hash = await storedHash(u.id);
    expect(hash).not.toContain(u.password);
    expect(await verifyPassword({ hash, password: u.password })).toBe(true);
    expect(await verifyPassword({ hash, password: `${u.password}!` })).toBe(false);
    expect(await signIn(t, u.email, u.password)).toMatch(/session_token=/);
  });

  it("the harness's low-cost hasher keeps better-auth's form: salted, one-way, refuses a wrong password", async () => {
    const a = await lowCostPasswords.hash('secret123');
    const b = await lowCostPasswords.hash('secret123');
    expect(a).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(a).not.toBe(b);
    expect(await lowCostPasswords.verify({ hash: a, password: 'secret123' })).toBe(true);
    expect(await lowCostPasswords.verify({ hash: a, password: 'secret124' })).toBe(false);
    expect(await lowCostPasswords.verify({ hash: 'garbage', password: 'secret123' })).toBe(false);
  });
});
