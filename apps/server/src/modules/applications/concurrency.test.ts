import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applicationInput, buildTestApp } from '../../test/helpers.js';
import { membershipApplications, profiles, users } from '../../db/schema/index.js';

const t = await buildTestApp();
const db = t.ctx.database.db;

const apply = (payload: object) => t.app.inject({ method: 'POST', url: '/api/applications', payload });
const count = async (table: typeof users | typeof profiles | typeof membershipApplications) => (await db.select().from(table)).length;

describe('simultaneous applications', () => {
  it('the same username twice: exactly one 201 and one 409, and nothing half-written', async () => {
    const before = [await count(users), await count(profiles), await count(membershipApplications)];
    const username = 'racer';
    const results = await Promise.all([apply(applicationInput({ username })), apply(applicationInput({ username: 'RACER' }))]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    const conflict = results.find((r) => r.statusCode === 409)!;
    expect(conflict.json()).toEqual({
      error: { code: 'CONFLICT', message: 'Username is already taken', fields: { username: 'Username is already taken' } },
    });
    expect(conflict.headers['set-cookie']).toBeUndefined();
    expect([await count(users), await count(profiles), await count(membershipApplications)]).toEqual(before.map((n) => n + 1));
    const owners = await db.select().from(profiles).where(eq(profiles.username, username));
    expect(owners).toHaveLength(1);
  });

  it('the same email twice: exactly one 201 and one 409 on email', async () => {
    const before = await count(users);
    const email = 'same-email@example.com';
    const results = await Promise.all([apply(applicationInput({ email })), apply(applicationInput({ email: 'Same-Email@Example.com' }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.fields).toEqual({ email: 'An account with this email already exists' });
    expect(await count(users)).toBe(before + 1);
  });

  it('five at once for one username: one winner', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => apply(applicationInput({ username: 'crowded' }))));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
  });
});
