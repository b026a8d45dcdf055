import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../../db/client.js';
import { communities, events, hellos } from '../../db/schema/index.js';
import { buildTestApp, createMember } from '../../test/helpers.js';
import { createTestEvent } from '../events/event-fixtures.js';
import { renderNotification } from './kinds.js';

/**
 * Migration 0010 turns the English rows written before notifications were data into kinds and parameters. This
 * puts the old columns back on a migrated database, writes rows exactly as the old code wrote them (its templates,
 * copied here), runs the migration's own UPDATE statements from its file and checks that every row reads as it
 * did, word for word, on both engines.
 */
const t = await buildTestApp();
const db = t.ctx.database.db;
afterAll(() => t.close());

const backfill = fs
  .readFileSync(path.join(migrationsFolder, '0010_notifications_as_data.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
  .filter((s) => s.startsWith('UPDATE'));

interface OldRow {
  type: 'message' | 'like' | 'comment' | 'group_join' | 'event' | 'other';
  title: string;
  message: string;
  relatedId?: string | null;
  kind: string;
}

// The old code's templates (before migration 0010).
const whenText = (startsAt: Date, zone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(startsAt);
const likeText = (name: string, count: number) =>
  count - 1 <= 0 ? `${name} liked your post` : `${name} and ${count - 1} ${count - 1 === 1 ? 'other' : 'others'} liked your post`;
const REJECTED = 'Your membership application was not approved. You keep your account and can delete it at any time in Settings.';

describe('migration 0010: notifications as data', () => {
  it('reads every old row back into its kind, and each renders the words it had', async () => {
    const [me, ada, bob] = [await createMember(t), await createMember(t), await createMember(t)];
    const [hello] = await db.insert(hellos).values({ senderId: ada.id, recipientId: me.id, note: 'Coffee "soon"? Said hi: twice' }).returning();
    const [plainHello] = await db.insert(hellos).values({ senderId: bob.id, recipientId: me.id, note: null }).returning();
    const [community] = await db.insert(communities).values({ name: 'Sunset (Sailors) & Co.', urlSlug: `sail-${Date.now()}` }).returning();
    const startsAt = new Date('2026-03-08T23:30:00Z');
    const eventId = await createTestEvent(db, { title: 'Night swim', venue: 'Pier 60 at dusk', timeZone: 'America/New_York', startsAt });

    const rows: OldRow[] = [
      { kind: 'connections.hello', type: 'other', title: 'New hello', message: `Ada O'Brien (Jr.) said hi: "${hello!.note}"`, relatedId: hello!.id },
      { kind: 'connections.hello', type: 'other', title: 'New hello', message: 'bob_99 said hi', relatedId: plainHello!.id },
      { kind: 'connections.hello', type: 'other', title: 'New hello', message: 'Gone Sender said hi: "still here"', relatedId: crypto.randomUUID() },
      { kind: 'connections.match', type: 'other', title: "It's a match!", message: 'You and Ada Lovelace are connected. Say hello!', relatedId: crypto.randomUUID() },
      { kind: 'messaging.message', type: 'message', title: 'New message from Ada', message: 'See you at 7 — bring a towel', relatedId: crypto.randomUUID() },
      ...['Sent a video', 'Sent a GIF', 'Sent a photo'].map((message) => ({ kind: 'messaging.message', type: 'message' as const, title: 'New message from Unknown User', message, relatedId: crypto.randomUUID() })),
      ...[1, 2, 5].map((n) => ({ kind: 'posts.like', type: 'like' as const, title: 'New like', message: likeText('Ann and Lee', n), relatedId: crypto.randomUUID() })),
      { kind: 'posts.comment', type: 'comment', title: 'New comment', message: 'A member commented on your post', relatedId: crypto.randomUUID() },
      { kind: 'posts.reply', type: 'comment', title: 'New comment', message: 'Ann replied to your comment', relatedId: crypto.randomUUID() },
      { kind: 'communities.join_request', type: 'group_join', title: 'Join request', message: `Ann asked to join ${community!.name}`, relatedId: community!.id },
      { kind: 'communities.join_approved', type: 'group_join', title: 'Request approved', message: `Your request to join ${community!.name} was approved`, relatedId: community!.id },
      { kind: 'applications.approved', type: 'other', title: 'Application approved', message: 'Welcome to Bay Club! Your membership is approved and the full platform is open to you.' },
      { kind: 'applications.approved', type: 'other', title: 'Application approved', message: 'Welcome to Bay Club! Your membership is approved as a community member.' },
      { kind: 'applications.rejected', type: 'other', title: 'Application not approved', message: REJECTED },
      { kind: 'applications.rejected', type: 'other', title: 'Application not approved', message: `${REJECTED} Reason: Incomplete: no photo.` },
      { kind: 'events.created', type: 'event', title: 'New event', message: 'New event: Night swim: part 2', relatedId: eventId },
      { kind: 'events.updated', type: 'event', title: 'Event updated', message: 'Event updated: Night swim', relatedId: eventId },
      { kind: 'events.cancelled', type: 'event', title: 'Event cancelled', message: 'Cancelled: Night swim', relatedId: eventId },
      { kind: 'events.promoted', type: 'event', title: "You're in: Night swim", message: 'A seat opened up and you moved off the waitlist. See you there!', relatedId: eventId },
      { kind: 'events.reminder', type: 'event', title: 'Tomorrow: Night swim', message: `${whenText(startsAt, 'America/New_York')} at Pier 60 at dusk`, relatedId: eventId },
      { kind: 'events.reminder', type: 'event', title: 'Starting soon: Night swim', message: `${whenText(startsAt, 'America/New_York')} at Pier 60 at dusk`, relatedId: eventId },
      // Not a template any code wrote: it keeps its words.
      { kind: 'notifications.legacy', type: 'other', title: 'Welcome aboard', message: 'Something an old version said' },
    ];

    await db.execute(sql`alter table notifications add column title text, add column message text, alter column kind drop not null`);
    try {
      for (const r of rows) {
        await db.execute(sql`
          insert into notifications (user_id, type, title, message, related_id)
          values (${me.id}::uuid, ${r.type}, ${r.title}, ${r.message}, ${r.relatedId ?? null})`);
      }
      for (const statement of backfill) await db.execute(sql.raw(statement));
      const res = await db.execute(sql`select kind, params, title, message from notifications where user_id = ${me.id}::uuid order by created_at, id`);
      const migrated = (res as unknown as { rows: Array<{ kind: string; params: Record<string, unknown>; title: string; message: string }> }).rows;
      expect(migrated.map((m) => [m.kind, m.title, m.message])).toEqual(expect.arrayContaining(rows.map((r) => [r.kind, r.title, r.message])));
      expect(migrated).toHaveLength(rows.length);
      for (const m of migrated) expect(renderNotification(m, 'en'), `${m.kind}: ${m.message}`).toEqual({ title: m.title, message: m.message });
      // Ids the rows did not carry come from the rows they point at.
      const ofKind = (kind: string, message: string) => migrated.find((m) => m.kind === kind && m.message === message)!.params;
      expect(ofKind('connections.hello', rows[0]!.message)).toEqual({ actorId: ada.id, actorName: "Ada O'Brien (Jr.)", note: hello!.note });
      expect(ofKind('posts.like', likeText('Ann and Lee', 5))).toMatchObject({ actorName: 'Ann and Lee', count: 5 });
      expect(ofKind('posts.comment', 'A member commented on your post')).toMatchObject({ actorName: null });
      // The two reminders have the same words: the title tells them apart (rows written in one millisecond keep no order).
      const reminder = (title: string) => migrated.find((m) => m.kind === 'events.reminder' && m.title === title)!.params;
      expect(reminder('Tomorrow: Night swim')).toMatchObject({ when: 'day', startsAt: startsAt.toISOString(), venue: 'Pier 60 at dusk' });
      expect(reminder('Starting soon: Night swim')).toMatchObject({ when: 'hour' });
    } finally {
      await db.execute(sql`delete from notifications where user_id = ${me.id}::uuid`);
      await db.execute(sql`alter table notifications drop column title, drop column message, alter column kind set not null`);
    }
    expect(await db.$count(events)).toBeGreaterThan(0);
  });
});
