import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EVENT_MESSAGES, flagSettingKey, type TicketView } from '@bayclub/shared';
import { buildTestApp, createLimitedMember, createMember, injectAs, setSettings, type TestUser } from '../../test/helpers.js';
import { createTestEvent, registerForTest } from './event-fixtures.js';
import { deriveTicketKey, signTicket, ticketCodeCandidates, verifyTicket } from './tickets.js';

describe('ticket tokens', () => {
  const key = deriveTicketKey('an app secret');
  const id = crypto.randomUUID();

  it('round-trips the registration id in 44 base64url characters', () => {
    const token = signTicket(key, id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{44}$/);
    expect(verifyTicket(key, token)).toBe(id);
  });

  it('refuses forged, tampered, truncated and foreign-key tokens', () => {
    const token = signTicket(key, id);
    const raw = Buffer.from(token, 'base64url');
    const other = crypto.randomUUID().replace(/-/g, '');
    // Another registration id with the original MAC.
    const swapped = Buffer.concat([Buffer.from(other, 'hex'), raw.subarray(16)]).toString('base64url');
    const flipped = Buffer.from(raw);
    flipped[30] = flipped[30]! ^ 1;
    const wrongVersion = Buffer.from(raw);
    wrongVersion[16] = 2;
    for (const bad of [
      swapped,
      flipped.toString('base64url'),
      wrongVersion.toString('base64url'),
      token.slice(0, -2),
      `${token}AA`,
      '',
      'not a token',
      signTicket(deriveTicketKey('another app secret'), id),
    ]) {
      expect(verifyTicket(key, bad), bad).toBeNull();
    }
  });

  it('door codes: 6 characters of the alphabet without look-alikes', () => {
    const codes = ticketCodeCandidates(200);
    for (const c of codes) expect(c).toMatch(/^[ACDEFGHJKMNPQRTUVWXYZ2345679]{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(195);
  });
});

const t = await buildTestApp();
const db = t.ctx.database.db;
const host = await createMember(t);
const ticketOf = (who: TestUser, eventId: string) => injectAs(t, who, { method: 'GET', url: `/api/events/${eventId}/ticket` });

describe('GET /api/events/:id/ticket', () => {
  it("a member going gets their ticket with the code, a token of their registration and the QR (SVG of the token)", async () => {
    const m = await createMember(t);
    const id = await createTestEvent(db, { createdBy: host.id, guestsAllowed: 2 });
    const put = await injectAs(t, m, { method: 'PUT', url: `/api/events/${id}/rsvp`, payload: { status: 'going', guests: 2 } });
    expect(put.statusCode).toBe(200);
    const res = await ticketOf(m, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const ticket = res.json() as TicketView;
    expect(ticket).toMatchObject({ eventId: id, partySize: 3, checkedInAt: null });
    expect(ticket.code).toMatch(/^[ACDEFGHJKMNPQRTUVWXYZ2345679]{6}$/);
    expect(verifyTicket(deriveTicketKey('test-secret-test-secret-test-secret-000'), ticket.token)).toBe(ticket.registrationId);
    expect(ticket.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // Stable: the same registration has the same token and code every time.
    expect((await ticketOf(m, id)).json()).toEqual(ticket);
  });

  it("404 for another member's ticket (only one's own), when waitlisted or not going, and when the event is cancelled", async () => {
    const [a, b, c] = [await createMember(t), await createMember(t), await createMember(t)];
    const id = await createTestEvent(db, { createdBy: host.id, capacity: 1 });
    await registerForTest(db, id, a.id, { status: 'going' });
    await registerForTest(db, id, b.id, { status: 'waitlisted' });
    expect((await ticketOf(a, id)).statusCode).toBe(200);
    for (const who of [b, c, host]) {
      const res = await ticketOf(who, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(EVENT_MESSAGES.notFound);
    }
    const cancelled = await createTestEvent(db, { createdBy: host.id, status: 'cancelled' });
    await registerForTest(db, cancelled, a.id, { status: 'going' });
    expect((await ticketOf(a, cancelled)).statusCode).toBe(404);
  });

  it('a limited member gets the QR image only with generate_qr_codes (the code always)', async () => {
    const limited = await createLimitedMember(t);
    const id = await createTestEvent(db, { createdBy: host.id, visibility: 'members' });
    await registerForTest(db, id, limited.id, { status: 'going' });
    await setSettings(t, { [flagSettingKey('generate_qr_codes')]: 'false' });
    const without = (await ticketOf(limited, id)).json() as TicketView;
    expect(without.qrSvg).toBeNull();
    expect(without.code).toHaveLength(6);
    await setSettings(t, { [flagSettingKey('generate_qr_codes')]: 'true' });
    expect(((await ticketOf(limited, id)).json() as TicketView).qrSvg).toContain('<svg');
    await setSettings(t, { [flagSettingKey('generate_qr_codes')]: 'false' });
  });
});
