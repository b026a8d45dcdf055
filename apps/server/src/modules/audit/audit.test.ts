import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AuditEntryView } from '@bayclub/shared';
import { applyAs, buildTestApp, createAdmin, createLimitedMember, createMember, deactivate, grantRole, injectAs, type TestUser } from '../../test/helpers.js';
import { addMember, insertCommunity } from '../../test/communities.js';
import { auditLog } from '../../db/schema/index.js';
import { recordAudit } from './index.js';

const t = await buildTestApp();
const db = t.ctx.database.db;
const list = (who: TestUser | null, query = '') => injectAs(t, who, { method: 'GET', url: `/api/admin/audit${query ? `?${query}` : ''}` });

async function allPages(who: TestUser, query: string) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await list(who, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: AuditEntryView[]; nextCursor: string | null };
    ids.push(...body.items.map((e) => e.id));
    cursor = body.nextCursor;
  } while (cursor);
  return ids;
}

describe('GET /api/admin/audit', () => {
  it('admins read every entry, newest first, keyset-paged exact to the microsecond; filters by action, actor, member', async () => {
    const admin = await createAdmin(t);
    const member = await createMember(t);
    const other = await createMember(t);
    const actor = { userId: admin.id, email: admin.email };
    await recordAudit(db, actor, { action: 'member.verify', targetType: 'member', targetId: member.id, memberId: member.id, before: { verified: false }, after: { verified: true } });
    await recordAudit(db, actor, { action: 'report.dismiss', targetType: 'report', targetId: crypto.randomUUID(), memberId: other.id, reason: 'Fine' });
    await recordAudit(db, null, { action: 'settings.update', targetType: 'settings', before: { app_name: 'A' }, after: { app_name: 'B' } });
    await recordAudit(db, actor, { action: 'member.warn', targetType: 'member', targetId: member.id, memberId: member.id, reason: 'Be nice' });
    // Four entries sharing one millisecond (two the same microsecond): pages never skip or repeat them.
    await db.execute(sql`update ${auditLog} set created_at = case action
        when 'member.verify' then '2030-01-01T00:00:00.000300Z'::timestamptz
        when 'report.dismiss' then '2030-01-01T00:00:00.000200Z'::timestamptz
        else '2030-01-01T00:00:00.000100Z'::timestamptz end
      where member_id in (${member.id}::uuid, ${other.id}::uuid) or actor_id is null`);
    const whole = (await list(admin, 'limit=100')).json() as { items: AuditEntryView[] };
    const mine = whole.items.filter((e) => e.memberId === member.id || e.memberId === other.id || e.actorName === 'System');
    expect(mine.map((e) => e.action).slice(0, 2)).toEqual(['member.verify', 'report.dismiss']);
    expect(mine[0]).toMatchObject({ actorId: admin.id, targetType: 'member', before: { verified: false }, after: { verified: true }, createdAt: '2030-01-01T00:00:00.000Z' });
    expect(mine.find((e) => e.action === 'settings.update')).toMatchObject({ actorId: null, actorName: 'System' });
    for (const limit of [1, 2]) expect(await allPages(admin, `limit=${limit}`)).toEqual(whole.items.map((e) => e.id));
    const byAction = (await list(admin, 'action=member.warn')).json().items as AuditEntryView[];
    expect(byAction.every((e) => e.action === 'member.warn')).toBe(true);
    expect(byAction.map((e) => e.memberId)).toContain(member.id);
    expect(((await list(admin, `memberId=${member.id}`)).json().items as AuditEntryView[]).map((e) => e.action)).toEqual(['member.verify', 'member.warn']);
    expect(((await list(admin, `actorId=${admin.id}`)).json().items as AuditEntryView[])).toHaveLength(3);
    const bad = await list(admin, 'action=member.explode&actorId=x&memberId=y&limit=0');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['action', 'actorId', 'limit', 'memberId']);
    expect((await list(admin, 'cursor=abc')).statusCode).toBe(400);
  });

  it('platform moderators read the moderation entries only; everyone else 403', async () => {
    const admin = await createAdmin(t);
    const actor = { userId: admin.id, email: admin.email };
    await recordAudit(db, actor, { action: 'role.grant', targetType: 'member', after: { role: 'admin' } });
    await recordAudit(db, actor, { action: 'report.remove', targetType: 'post', targetId: crypto.randomUUID() });
    const moderator = await createMember(t);
    await grantRole(t, moderator.id, 'moderator');
    const seen = (await list(moderator, 'limit=100')).json().items as AuditEntryView[];
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((e) => e.action)).has('role.grant')).toBe(false);
    expect(seen.every((e) => ['report.dismiss', 'report.remove', 'member.warn', 'member.ban'].includes(e.action))).toBe(true);
    // Asking for an action they may not read: an empty page, never the entries.
    expect((await list(moderator, 'action=role.grant')).json().items).toEqual([]);

    const communityMod = await createMember(t);
    const community = await insertCommunity(t, { creatorId: (await createMember(t)).id });
    await addMember(t, community, communityMod.id, 'moderator');
    const crm = await createMember(t);
    await grantRole(t, crm.id, 'crm_admin');
    const limited = await createLimitedMember(t);
    const pending = await applyAs(t);
    const gone = await createAdmin(t);
    await deactivate(t, gone.id);
    for (const who of [communityMod, crm, limited, pending, gone, await createMember(t)]) {
      expect((await list(who)).statusCode, who.email).toBe(403);
    }
    expect((await list(null)).statusCode).toBe(401);
  });

  it('is append-only: no route changes or deletes an entry', async () => {
    const admin = await createAdmin(t);
    await recordAudit(db, { userId: admin.id, email: admin.email }, { action: 'member.verify', targetType: 'member' });
    const entry = ((await list(admin, 'limit=1')).json().items as AuditEntryView[])[0]!;
    for (const method of ['DELETE', 'PATCH', 'PUT', 'POST'] as const) {
      for (const url of ['/api/admin/audit', `/api/admin/audit/${entry.id}`]) {
        const res = await injectAs(t, admin, { method, url, payload: {} });
        expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
      }
    }
    expect(((await list(admin, 'limit=1')).json().items as AuditEntryView[])[0]).toEqual(entry);
  });
});
