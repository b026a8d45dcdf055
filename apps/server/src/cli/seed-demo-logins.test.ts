import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles, users } from '../db/schema/index.js';
import { buildTestApp, createLimitedMember, createMember } from '../test/helpers.js';
import { demoLogins } from './seed-demo-logins.js';

// Issue 21: seed:demo printed a community-only login (lucasjohnson@bayclub.demo) that the seed never creates.
const t = await buildTestApp();
const db = t.ctx.database.db;

const renameTo = async (id: string, email: string, username: string) => {
  await db.update(users).set({ email }).where(eq(users.id, id));
  await db.update(profiles).set({ email, username }).where(eq(profiles.id, id));
};

describe('the logins seed:demo prints', () => {
  it('names only accounts that exist, and finds the community-only member instead of guessing one', async () => {
    const admin = await createMember(t);
    await renameTo(admin.id, 'admin@bayclub.demo', 'dana');
    const limited = await createLimitedMember(t);
    await renameTo(limited.id, 'mateojohnson@bayclub.demo', 'mateo.johnson');
    const logins = await demoLogins(db);
    expect(logins.map(([email]) => email)).toEqual(['admin@bayclub.demo', 'mateojohnson@bayclub.demo']);
    expect(logins.map(([email]) => email)).not.toContain('lucasjohnson@bayclub.demo');
    const emails = new Set((await db.select({ email: users.email }).from(users)).map((u) => u.email));
    for (const [email] of logins) expect(emails.has(email)).toBe(true);
  });
});
