import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { AdminHealthView } from '@bayclub/shared';
import { buildTestApp, createAdmin, createLimitedMember, createMember, DENIED, grantRole, injectAs } from '../../test/helpers.js';
import { countDelivery, flushDeliveryStats, deliveryDay } from '../../platform/delivery-stats.js';
import { tracked } from '../../platform/job-runs.js';
import { reminderJobOf } from '../events/reminders.js';
import { digestJobOf } from '../notifications/index.js';

const t = await buildTestApp();
const db = t.ctx.database.db;
const admin = await createAdmin(t);
const health = async () => {
  const res = await injectAs(t, admin, { method: 'GET', url: '/api/admin/health' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminHealthView;
};

describe('GET /api/admin/health: admins only', () => {
  it('401 without a session; 403 to members, a moderator, a crm_user, a crm_admin and a limited member', async () => {
    expect((await injectAs(t, null, { method: 'GET', url: '/api/admin/health' })).statusCode).toBe(401);
    const member = await createMember(t);
    const moderator = await createMember(t);
    await grantRole(t, moderator.id, 'moderator');
    const crmUser = await createMember(t);
    await grantRole(t, crmUser.id, 'crm_user');
    const crmAdmin = await createMember(t);
    await grantRole(t, crmAdmin.id, 'crm_admin');
    const limited = await createLimitedMember(t);
    for (const who of [member, moderator, crmUser, crmAdmin, limited]) {
      const res = await injectAs(t, who, { method: 'GET', url: '/api/admin/health' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(DENIED);
    }
  });

  it('answers the database, mail, push, storage, jobs, version, uptime and payments figures', async () => {
    const body = await health();
    expect(body.database.engine).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.database.migrations).toBeGreaterThanOrEqual(17);
    expect(body.mail.transport).toBe('console');
    expect(body.push.vapidKeys).toBe('generated');
    expect(body.storage.driver).toBe('disk');
    expect(typeof body.storage.bytesUsed).toBe('number');
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(body.payments.mode).toBe('local');
    // No secret of any kind in the answer.
    expect(JSON.stringify(body)).not.toMatch(/secret|password|private/i);
  });
});

describe('delivery figures', () => {
  it('mail sends are counted in memory and added to delivery_stats by a flush (and by the health check)', async () => {
    const before = (await health()).mail.today.sent;
    await t.ctx.mail.send({ to: 'someone@example.com', subject: 'Hello', text: 'Hi' });
    await t.ctx.mail.send({ to: 'other@example.com', subject: 'Hello', text: 'Hi' });
    await t.ctx.mail.drainDue();
    await flushDeliveryStats(db);
    const rows = await db.execute(sql`select sent from delivery_stats where channel = 'mail' and day = ${deliveryDay(new Date())}`);
    expect(Number((rows as unknown as { rows: Array<{ sent: number }> }).rows[0]?.sent)).toBeGreaterThanOrEqual(before + 2);
    const after = await health();
    expect(after.mail.today.sent).toBe(before + 2);
    expect(after.mail.week.sent).toBeGreaterThanOrEqual(after.mail.today.sent);
  });

  it('failures and expired push subscriptions are counted; the last error keeps no address, link or token', async () => {
    countDelivery(db, 'mail', 'failed', new Error('550 mailbox bob@example.com unknown at smtp://user:pw@mail.example.com:587'));
    countDelivery(db, 'push', 'sent');
    countDelivery(db, 'push', 'expired');
    countDelivery(db, 'push', 'failed', 'The push service answered 500');
    const body = await health();
    expect(body.mail.today.failed).toBeGreaterThanOrEqual(1);
    expect(body.mail.lastError).toBe('550 mailbox [address] unknown at [url]');
    expect(body.push.today).toMatchObject({ sent: 1, failed: 1, expired: 1 });
    expect(body.push.lastError).toBe('The push service answered 500');
  });

  it('the outbox: queued and failing mails, the failure text without the address', async () => {
    await db.execute(sql`insert into mail_outbox (to_address, subject, body, attempts, last_error, available_at)
      values ('x@example.com', 'S', 'B', 2, 'connect refused for x@example.com', now() + interval '1 hour')`);
    const body = await health();
    expect(body.mail.queued).toBeGreaterThanOrEqual(1);
    expect(body.mail.failing).toBeGreaterThanOrEqual(1);
    expect(body.mail.lastError).toBe('connect refused for [address]');
    await db.execute(sql`delete from mail_outbox where subject = 'S'`);
  });
});

describe('background jobs stamp job_runs', () => {
  it('reminders and the digest each leave their last start and finish; an error is kept', async () => {
    await reminderJobOf(t.ctx)!.runOnce(new Date());
    await digestJobOf(t.ctx)!.runOnce(new Date());
    await expect(tracked(db, 'failing-job', async () => Promise.reject(new Error('boom at https://secret.example.com/x')))).rejects.toThrow('boom');
    const jobs = (await health()).jobs;
    for (const name of ['event-reminders', 'daily-digest']) {
      const job = jobs.find((j) => j.name === name);
      expect(job, name).toBeDefined();
      expect(job!.lastStartedAt).not.toBeNull();
      expect(job!.lastFinishedAt).not.toBeNull();
      expect(job!.runs).toBeGreaterThanOrEqual(1);
    }
    expect(jobs.find((j) => j.name === 'event-reminders')!.label).toBe('Event reminders');
    const failing = jobs.find((j) => j.name === 'failing-job')!;
    expect(failing.lastError).toBe('boom at [url]');
    expect(failing.lastErrorAt).not.toBeNull();
  });
});

describe('liveness and readiness', () => {
  it('live: 200 without a session and without the database', async () => {
    const spy = vi.spyOn(db, 'execute');
    const res = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'live' });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('ready: 200 when the database answers with every migration applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('ready: 503 when the database fails, and when it does not answer within the deadline', async () => {
    const spy = vi.spyOn(db, 'execute').mockRejectedValueOnce(new Error('connection refused'));
    const down = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable' });
    spy.mockImplementationOnce(() => new Promise(() => {}) as never);
    const started = Date.now();
    const stuck = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(stuck.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(5_000);
    spy.mockRestore();
  });

  it('GET /api/health still answers as before', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(Object.keys(res.json()).sort()).toEqual(['database', 'migrations', 'status']);
  });
});
