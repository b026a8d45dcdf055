import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, createMember, deactivate, injectAs, type TestApp } from '../../test/helpers.js';
import { cancelEventRow, insertEvent, register } from '../../test/calendar-fixtures.js';
import { events, notifications } from '../../db/schema/index.js';
import { dueReminder, reminderJobOf } from './reminders.js';
import { renderedNotifications } from '../notifications/notification-fixtures.js';

/** Event reminders (issue 11): the day before and an hour before, to everyone going, once across processes. */
const t = await buildTestApp();
const db = t.ctx.database.db;
const host = await createMember(t);
const HOUR = 3_600_000;

const job = (app: TestApp) => reminderJobOf(app.ctx)!;

async function remindersOf(eventId: string) {
  const rows = await renderedNotifications(db, eq(notifications.relatedId, eventId));
  return rows.map(({ userId, title, message, path, type }) => ({ userId, title, message, path, type }));
}

async function reminded(eventId: string) {
  const [row] = await db.select({ day: events.remindedDayAt, hour: events.remindedHourAt }).from(events).where(eq(events.id, eventId));
  return row!;
}

describe('which reminder is due', () => {
  const now = new Date('2026-03-07T12:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);
  it('the day one from 24 h before, stale once its moment is more than an hour past; the hour one likewise', () => {
    expect(dueReminder(at(24 * HOUR), now)).toEqual({ kind: 'day', stale: false });
    expect(dueReminder(at(23.5 * HOUR), now)).toEqual({ kind: 'day', stale: false });
    expect(dueReminder(at(22 * HOUR), now)).toEqual({ kind: 'day', stale: true });
    expect(dueReminder(at(HOUR), now)).toEqual({ kind: 'hour', stale: false });
    expect(dueReminder(at(0.2 * HOUR), now)).toEqual({ kind: 'hour', stale: false });
    expect(dueReminder(at(-0.5 * HOUR), now)).toEqual({ kind: 'hour', stale: true });
    expect(dueReminder(at(-2 * HOUR), now)).toEqual({ kind: 'hour', stale: true });
  });
});

describe('the reminder job', () => {
  it('is registered but not scheduled under test; a run sends the day reminder to everyone going who can see the event, once', async () => {
    const now = new Date();
    const id = await insertEvent(t, { createdBy: host.id, visibility: 'members', title: 'Paddleboard morning', venue: 'Ben T. Davis Beach', startsAt: new Date(now.getTime() + 23.5 * HOUR) });
    const [going, withGuests, waitlisted, declined, deactivated, blocked] = await Promise.all(Array.from({ length: 6 }, () => createMember(t)));
    await register(t, id, going!.id);
    await register(t, id, withGuests!.id, 'going', 2);
    await register(t, id, waitlisted!.id, 'waitlisted');
    await register(t, id, declined!.id, 'not_going');
    await register(t, id, deactivated!.id);
    await register(t, id, blocked!.id);
    await deactivate(t, deactivated!.id);
    expect((await injectAs(t, host, { method: 'POST', url: '/api/blocks', payload: { userId: blocked!.id } })).statusCode).toBeLessThan(300);

    await job(t).runOnce(now);
    const sent = await remindersOf(id);
    // The host is going to their own event without a registration (decision 025): reminded too.
    expect(sent.map((n) => n.userId).sort()).toEqual([going!.id, withGuests!.id, host.id].sort());
    expect(sent[0]).toMatchObject({ type: 'event', title: 'Tomorrow: Paddleboard morning', path: `/events/${id}` });
    expect(sent[0]!.message).toContain('at Ben T. Davis Beach');
    expect((await reminded(id)).day).not.toBeNull();
    expect((await reminded(id)).hour).toBeNull();
    // The member sees it in their notifications.
    const list = await injectAs(t, going!, { method: 'GET', url: '/api/notifications' });
    expect(list.json().items.some((n: { title: string }) => n.title === 'Tomorrow: Paddleboard morning')).toBe(true);

    await job(t).runOnce(now);
    await job(t).runOnce(new Date(now.getTime() + 10 * 60_000));
    expect(await remindersOf(id)).toHaveLength(3);

    // An hour before: the second reminder, once.
    const hourBefore = new Date(now.getTime() + 22.6 * HOUR);
    await job(t).runOnce(hourBefore);
    await job(t).runOnce(hourBefore);
    const all = await remindersOf(id);
    expect(all.filter((n) => n.title === 'Starting soon: Paddleboard morning').map((n) => n.userId).sort()).toEqual([going!.id, withGuests!.id, host.id].sort());
    expect(all).toHaveLength(6);
    expect((await reminded(id)).hour).not.toBeNull();
  });

  it('skips stale reminders (marked sent, nothing sent) and cancelled events', async () => {
    const now = new Date();
    const member = await createMember(t);
    const soon = await insertEvent(t, { createdBy: host.id, startsAt: new Date(now.getTime() + 5 * HOUR) });
    const started = await insertEvent(t, { createdBy: host.id, startsAt: new Date(now.getTime() - 2 * HOUR) });
    const cancelled = await insertEvent(t, { createdBy: host.id, startsAt: new Date(now.getTime() + 30 * 60_000) });
    for (const id of [soon, started, cancelled]) await register(t, id, member.id);
    await cancelEventRow(t, cancelled);

    await job(t).runOnce(now);
    // Created 5 h before it starts: no late "tomorrow" reminder, but the hour one later.
    expect(await remindersOf(soon)).toEqual([]);
    expect((await reminded(soon)).day).not.toBeNull();
    expect(await remindersOf(started)).toEqual([]);
    expect((await reminded(started)).hour).not.toBeNull();
    expect(await remindersOf(cancelled)).toEqual([]);

    await job(t).runOnce(new Date(now.getTime() + 4.2 * HOUR));
    // The member and the host (going to their own event).
    expect((await remindersOf(soon)).map((n) => n.title)).toEqual(['Starting soon: Sunset yoga on the pier', 'Starting soon: Sunset yoga on the pier']);
  });

  it('two app instances on one database send each reminder exactly once; a restart sends nothing again', async () => {
    const now = new Date();
    const second = await buildTestApp({}, { database: t.ctx.database });
    const members = await Promise.all(Array.from({ length: 4 }, () => createMember(t)));
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const id = await insertEvent(t, { createdBy: host.id, visibility: 'members', startsAt: new Date(now.getTime() + (i % 2 ? 0.5 : 23.5) * HOUR) });
      for (const m of members) await register(t, id, m.id);
      ids.push(id);
    }
    await Promise.all([job(t).runOnce(now), job(second).runOnce(now), job(second).runOnce(now)]);
    const counts = await db.execute(sql`
      select related_id, user_id, count(*)::int as n from ${notifications}
      where related_id = any(${`{${ids.join(',')}}`}::text[]) group by related_id, user_id`);
    const rows = ((counts as unknown as { rows?: Array<{ n: number }> }).rows ?? (counts as unknown as Array<{ n: number }>)).map((r) => Number(r.n));
    // The four members and the host of each event, once each.
    expect(rows).toHaveLength(ids.length * (members.length + 1));
    expect(rows.every((n) => n === 1)).toBe(true);
    await second.close();

    // A restart: a new instance of the app on the same database finds nothing left to send.
    const restarted = await buildTestApp({}, { database: t.ctx.database });
    const run = await job(restarted).runOnce(now);
    expect(run.sent).toBe(0);
    const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(sql`${notifications.relatedId} = any(${`{${ids.join(',')}}`}::text[])`);
    expect(Number(total!.n)).toBe(ids.length * (members.length + 1));
    await restarted.close();
  });
});
