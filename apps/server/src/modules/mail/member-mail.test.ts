import { afterAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAIL_TYPE_DEFAULTS } from '@bayclub/shared';
import {
  applyAs,
  buildTestApp,
  createAdmin,
  createMember,
  deactivate,
  injectAs,
  setSettings,
  type TestApp,
  type TestUser,
} from '../../test/helpers.js';
import { insertEvent } from '../../test/calendar-fixtures.js';
import { parseMail, startSmtpPeer, type ParsedMail } from '../../test/smtp-peer.js';
import { mailPreferences, notifications, users } from '../../db/schema/index.js';
import { insertNotification } from '../notifications/index.js';
import { digestJobOf, digestMoment } from '../notifications/index.js';
import { legacyNotification } from '../notifications/kinds.js';
import { reminderJobOf } from '../events/reminders.js';
import { openDatabase, type Database } from '../../db/client.js';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-tokens.js';

/**
 * Mail that reaches people (issue 21): the approval, event reminders, waitlist promotions and the daily digest, each
 * sent through the outbox to a real SMTP peer, each with a text and an HTML part, the club's name and logo, a
 * one-click unsubscribe (RFC 8058), and each following the member's choice in Settings → Notifications.
 */
const peer = await startSmtpPeer();
afterAll(() => peer.close());
const t = await buildTestApp({ SMTP_URL: peer.url, PUBLIC_URL: 'https://club.test' });
const db = t.ctx.database.db;
await setSettings(t, { app_name: 'Gulf Coast Club', email_logo_url: 'https://cdn.test/logo.png' });
const admin = await createAdmin(t);
const HOUR = 3_600_000;

/** Every mail the peer received for `to` (after the outbox had time to send what was written). */
async function mailsTo(to: string, expected: number): Promise<ParsedMail[]> {
  await t.ctx.mail.drainDue();
  await vi.waitFor(() => expect(peer.countTo(to)).toBe(expected), { timeout: 10_000, interval: 20 });
  return peer.received.filter((m) => m.to.includes(to)).map((m) => parseMail(m.data));
}

/** Nothing for `to`, after the outbox sent everything due. */
async function noMailTo(to: string) {
  await t.ctx.mail.drainDue();
  await new Promise((r) => setTimeout(r, 100));
  expect(peer.countTo(to)).toBe(0);
}

const prefs = (user: TestUser, body?: object) =>
  injectAs(t, user, body ? { method: 'PUT', url: '/api/me/mail-preferences', payload: body } : { method: 'GET', url: '/api/me/mail-preferences' });

function expectMemberMail(mail: ParsedMail, type: string) {
  // Plain text and HTML, with the club's name and logo from the settings.
  expect(mail.text).toContain('Gulf Coast Club');
  expect(mail.html).toContain('Gulf Coast Club');
  expect(mail.html).toContain('src="https://cdn.test/logo.png"');
  // RFC 8058 one-click unsubscribe: an https URL with a signed token, and the POST marker.
  const link = /^<(https:\/\/club\.test\/api\/mail\/unsubscribe\?t=([A-Za-z0-9_-]+))>$/.exec(mail.headers['list-unsubscribe'] ?? '');
  expect(link, mail.headers['list-unsubscribe']).not.toBeNull();
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  expect(mail.text).toContain(link![1]);
  return { url: link![1]!, token: link![2]!, type };
}

describe('the approval mail', () => {
  it('reaches the applicant when an admin approves them: text and HTML, the club look, one-click unsubscribe', async () => {
    const applicant = await applyAs(t, { name: 'Rosa <b>Diaz</b>' });
    const res = await injectAs(t, admin, { method: 'POST', url: `/api/admin/applications/${applicant.applicationId}/approve`, payload: { accountType: 'full_platform' } });
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo(applicant.email, 1);
    expect(mail!.subject).toBe('Welcome to Gulf Coast Club: your membership is approved');
    expect(mail!.text).toContain('Your membership is approved and the full platform is open to you.');
    expect(mail!.text).toContain('https://club.test/');
    // What a member typed is escaped in the HTML part.
    expect(mail!.html).not.toContain('<b>Diaz</b>');
    expect(mail!.html).toContain('Rosa &lt;b&gt;Diaz&lt;/b&gt;');
    const { token } = expectMemberMail(mail!, 'approval');
    expect(readUnsubscribeToken(Buffer.alloc(32), token)).toBeNull(); // signed with the app's key, not any key
  });

  it('is not sent to an applicant who turned it off', async () => {
    const applicant = await applyAs(t);
    expect((await prefs(applicant, { approval: false })).statusCode).toBe(200);
    await injectAs(t, admin, { method: 'POST', url: `/api/admin/applications/${applicant.applicationId}/approve`, payload: { accountType: 'community_only' } });
    await noMailTo(applicant.email);
  });
});

describe('event mails', () => {
  it('a reminder reaches everyone going who has reminders on', async () => {
    const host = await createMember(t);
    const [going, optedOut] = [await createMember(t), await createMember(t)];
    const id = await insertEvent(t, { createdBy: host.id, title: 'Kayak <Weedon> Island', venue: 'Weedon Island Preserve', startsAt: new Date(Date.now() + 23.5 * HOUR) });
    for (const m of [going, optedOut]) {
      expect((await injectAs(t, m, { method: 'PUT', url: `/api/events/${id}/rsvp`, payload: { status: 'going' } })).statusCode).toBe(200);
    }
    await prefs(optedOut, { reminders: false });
    await reminderJobOf(t.ctx)!.runOnce(new Date());
    const [mail] = await mailsTo(going.email, 1);
    expect(mail!.subject).toBe('Tomorrow: Kayak <Weedon> Island');
    expect(mail!.text).toContain('at Weedon Island Preserve');
    expect(mail!.text).toContain(`https://club.test/events/${id}`);
    expect(mail!.html).toContain('Kayak &lt;Weedon&gt; Island');
    expectMemberMail(mail!, 'reminders');
    await noMailTo(optedOut.email);
  });

  it('a waitlist promotion reaches the promoted member by mail as well', async () => {
    const host = await createMember(t);
    const [first, waiting] = [await createMember(t), await createMember(t)];
    const id = await insertEvent(t, { createdBy: host.id, title: 'Rooftop tasting', capacity: 1, startsAt: new Date(Date.now() + 72 * HOUR) });
    const rsvp = (m: TestUser, status: string) => injectAs(t, m, { method: 'PUT', url: `/api/events/${id}/rsvp`, payload: { status } });
    expect((await rsvp(first, 'going')).json().mine).toMatchObject({ status: 'going' });
    expect((await rsvp(waiting, 'going')).json().mine).toMatchObject({ status: 'waitlisted' });
    await rsvp(first, 'not_going');
    const [mail] = await mailsTo(waiting.email, 1);
    expect(mail!.subject).toBe("You're in: Rooftop tasting");
    expect(mail!.text).toContain('you moved off the waitlist');
    expectMemberMail(mail!, 'waitlist');
    await noMailTo(first.email);
  });
});

describe('the daily digest', () => {
  const job = (app: TestApp) => digestJobOf(app.ctx)!;
  const notice = (userId: string, title: string, message: string) =>
    db.transaction((tx) => insertNotification(tx, { userId, kind: legacyNotification, params: { title, message } }));

  it('mails each member what they missed once a day; not the opted out, not those with nothing new, not the deactivated', async () => {
    const [reader, optedOut, quiet, gone, alreadyRead] = await Promise.all(Array.from({ length: 5 }, () => createMember(t)));
    await notice(reader!.id, 'New hello', 'Sam said hi');
    await notice(reader!.id, 'New message', 'Ana: are you coming <tonight>?');
    await notice(optedOut!.id, 'New hello', 'Sam said hi');
    await notice(gone!.id, 'New hello', 'Sam said hi');
    await notice(alreadyRead!.id, 'New hello', 'Sam said hi');
    await injectAs(t, alreadyRead!, { method: 'POST', url: '/api/notifications/mark-read', payload: {} });
    await deactivate(t, gone!.id);
    await prefs(optedOut!, { digest: false });
    // All of that came before this morning's moment; what comes after it waits for tomorrow's digest.
    const now = new Date();
    const moment = digestMoment(now);
    const before = new Date(moment.getTime() - HOUR);
    for (const m of [reader!, optedOut!, gone!, alreadyRead!]) await db.update(notifications).set({ createdAt: before }).where(eq(notifications.userId, m.id));
    const late = await createMember(t);
    await notice(late.id, 'New hello', 'Kim said hi');

    const run = await job(t).runOnce(now);
    expect(run.mailed).toBeGreaterThanOrEqual(1);
    const [mail] = await mailsTo(reader!.email, 1);
    expect(mail!.subject).toBe('You have 2 new notifications');
    expect(mail!.text).toContain('- New hello: Sam said hi');
    expect(mail!.text).toContain('- New message: Ana: are you coming <tonight>?');
    expect(mail!.html).toContain('are you coming &lt;tonight&gt;?');
    expectMemberMail(mail!, 'digest');
    for (const m of [optedOut!, quiet!, gone!, alreadyRead!, late]) await noMailTo(m.email);

    // The same day again: nothing (even with something new); the next morning: only what is new since.
    await notice(reader!.id, 'New reply', 'Lee replied to your post');
    await job(t).runOnce(new Date());
    await mailsTo(reader!.email, 1);
    const tomorrow = new Date(moment.getTime() + 24 * HOUR + 60_000);
    await job(t).runOnce(tomorrow);
    const [, second] = await mailsTo(reader!.email, 2);
    expect(second!.subject).toBe('You have 1 new notification');
    expect(second!.text).toContain('Lee replied to your post');
    expect(second!.text).not.toContain('Sam said hi');
    const [lateDigest] = await mailsTo(late.email, 1);
    expect(lateDigest!.text).toContain('Kim said hi');
  });

  it('two processes running the job at once send each member one digest', async () => {
    // On PostgreSQL the other "process" has a pool of its own, so the claims really race on separate connections.
    const own = t.ctx.database.engine === 'postgres' ? await openDatabase({ kind: 'postgres', url: postgresUrlOf(t.ctx.database), poolMax: 3 }) : null;
    const other = await buildTestApp({ SMTP_URL: peer.url, PUBLIC_URL: 'https://club.test' }, { database: own ?? t.ctx.database });
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(t)));
    for (const m of members) await notice(m.id, 'New hello', 'Someone said hi');
    // Tomorrow morning's run: the first moment after these notifications.
    const now = new Date(digestMoment(new Date()).getTime() + 24 * HOUR + 60_000);
    const runs = await Promise.all([job(t).runOnce(now), job(other).runOnce(now), job(t).runOnce(now)]);
    expect(runs.reduce((n, r) => n + r.mailed, 0)).toBeGreaterThanOrEqual(members.length);
    for (const m of members) expect((await mailsTo(m.email, 1)).length).toBe(1);
    // And once more on both: nobody gets a second one today.
    await Promise.all([job(t).runOnce(now), job(other).runOnce(now)]);
    for (const m of members) expect((await mailsTo(m.email, 1)).length).toBe(1);
    await other.close();
    await own?.close();
  });
});

describe('the digest moment', () => {
  it('is 08:00 New York time, across the clock change', () => {
    expect(digestMoment(new Date('2026-03-09T12:30:00Z')).toISOString()).toBe('2026-03-09T12:00:00.000Z'); // EDT
    expect(digestMoment(new Date('2026-03-09T11:59:00Z')).toISOString()).toBe('2026-03-08T12:00:00.000Z'); // 07:59 EDT: yesterday's, at 08:00 EDT
    expect(digestMoment(new Date('2026-03-07T14:00:00Z')).toISOString()).toBe('2026-03-07T13:00:00.000Z'); // EST
    expect(digestMoment(new Date('2026-11-01T13:00:00Z')).toISOString()).toBe('2026-11-01T13:00:00.000Z'); // 08:00 EST on the day it ends
  });
});

describe('one-click unsubscribe', () => {
  async function tokenFor(user: TestUser, type: 'digest' | 'reminders') {
    // The token a real mail carries: built with the app's own key, as the mailer builds it.
    const { createMemberMailer } = await import('./member-mail.js');
    const mailer = await createMemberMailer(t.ctx);
    return new URL(mailer.unsubscribeUrl(user.id, type)).searchParams.get('t')!;
  }
  const post = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/mail/unsubscribe?t=${token}`,
      // What a browser sends with the page's form (the page has no referrer, so its Origin is null); a mail
      // provider's one-click POST sends none. Both are accepted: the token is the credential.
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
      payload: 'List-Unsubscribe=One-Click',
    });

  it('GET asks with a button and changes nothing; POST turns that one type off, with no sign-in', async () => {
    const member = await createMember(t);
    const token = await tokenFor(member, 'digest');
    const page = await t.app.inject({ method: 'GET', url: `/api/mail/unsubscribe?t=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain('Daily digest');
    expect(page.body).not.toContain(member.email);
    expect((await prefs(member)).json()).toEqual(MAIL_TYPE_DEFAULTS);

    const res = await post(token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('You are unsubscribed');
    expect((await prefs(member)).json()).toEqual({ ...MAIL_TYPE_DEFAULTS, digest: false });
    // Again: the same answer.
    expect((await post(token)).statusCode).toBe(200);
    // In the language of the browser that opened the link (issue 26).
    const spanish = await t.app.inject({ method: 'GET', url: `/api/mail/unsubscribe?t=${token}`, headers: { 'accept-language': 'es-US' } });
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('¿Cancelar la suscripción a “Resumen diario”?');
  });

  it('a forged or altered token is refused with a 4xx and changes nothing', async () => {
    const member = await createMember(t);
    const token = await tokenFor(member, 'reminders');
    const bytes = Buffer.from(token, 'base64url');
    bytes[16] = 3; // the type byte: digest instead of reminders
    const altered = bytes.toString('base64url');
    const forged = unsubscribeToken(Buffer.alloc(32, 7), member.id, 'reminders');
    for (const bad of [altered, forged, 'x', '', 'not a token!']) {
      const res = await post(encodeURIComponent(bad));
      expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, bad).toBeLessThan(500);
      expect((await t.app.inject({ method: 'GET', url: `/api/mail/unsubscribe?t=${encodeURIComponent(bad)}` })).statusCode).toBe(res.statusCode);
    }
    // A browser that opened a bad link gets a page saying so (still a 400); an API client gets the JSON error.
    const browser = await t.app.inject({ method: 'GET', url: `/api/mail/unsubscribe?t=${forged}`, headers: { accept: 'text/html' } });
    expect([browser.statusCode, browser.headers['content-type']]).toEqual([400, 'text/html; charset=utf-8']);
    expect(browser.body).toContain('This unsubscribe link is not valid');
    expect((await post(forged)).json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    expect((await prefs(member)).json()).toEqual(MAIL_TYPE_DEFAULTS);
  });

  it('answers a deleted member exactly as a present one (no oracle)', async () => {
    const [present, deleted] = [await createMember(t), await createMember(t)];
    const [tp, td] = [await tokenFor(present, 'digest'), await tokenFor(deleted, 'digest')];
    await db.delete(users).where(eq(users.id, deleted.id));
    const [a, b] = [await post(tp), await post(td)];
    expect([a.statusCode, b.body.length]).toEqual([b.statusCode, a.body.length]);
    expect(a.body).toBe(b.body);
    expect(await db.select().from(mailPreferences).where(eq(mailPreferences.userId, deleted.id))).toEqual([]);
  });
});

describe('mail preferences API', () => {
  it('a member reads the defaults (all on) and changes one type at a time', async () => {
    const member = await createMember(t);
    expect((await prefs(member)).json()).toEqual({ approval: true, reminders: true, waitlist: true, digest: true });
    expect((await prefs(member, { waitlist: false })).json()).toEqual({ approval: true, reminders: true, waitlist: false, digest: true });
    expect((await prefs(member, { digest: false, waitlist: true })).json()).toEqual({ approval: true, reminders: true, waitlist: true, digest: false });
    expect((await prefs(member)).json()).toEqual({ approval: true, reminders: true, waitlist: true, digest: false });
  });

  it('a pending applicant may choose too (the approval mail is theirs)', async () => {
    const applicant = await applyAs(t);
    expect((await prefs(applicant, { approval: false })).statusCode).toBe(200);
  });

  it('refuses the anonymous (401), the deactivated (403), and bad input (400 per field)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/mail-preferences' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/me/mail-preferences', payload: { digest: false } })).statusCode).toBe(401);
    const gone = await createMember(t);
    await deactivate(t, gone.id);
    expect((await prefs(gone)).statusCode).toBe(403);
    expect((await prefs(gone, { digest: false })).statusCode).toBe(403);
    const member = await createMember(t);
    const bad = await prefs(member, { digest: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('digest');
    expect((await prefs(member, { marketing: true })).statusCode).toBe(400);
    expect((await prefs(member)).json()).toEqual(MAIL_TYPE_DEFAULTS);
  });
});

/** The connection URL of a test database on the PostgreSQL server (its pool knows it). */
function postgresUrlOf(d: Database): string {
  const pool = (d.db as unknown as { $client: { options: { connectionString: string } } }).$client;
  return pool.options.connectionString;
}
