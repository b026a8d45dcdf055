import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createMember, injectAs, type TestApp } from '../../test/helpers.js';
import { socketPool, type TestSocket } from '../../test/socket-client.js';
import { createTestEvent, registerForTest } from './event-fixtures.js';

let t: TestApp;
let base: string;
const sockets = socketPool(() => base);
const open = sockets.open;

beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => sockets.closeAll());

const registrationEvents = (s: TestSocket, eventId: string) =>
  s.events.filter((e) => e.type === 'event:registration' && (e as { eventId: string }).eventId === eventId);

describe('event:registration reaches the members going or waitlisted when their event moves or is cancelled', () => {
  it('moved: going and waitlisted hear it (with a notification); not-going members and the host do not; cancelled: the same', async () => {
    const [host, going, waiting, notGoing] = [await createMember(t), await createMember(t), await createMember(t), await createMember(t)];
    const id = await createTestEvent(t.ctx.database.db, { createdBy: host.id, capacity: 1 });
    await registerForTest(t.ctx.database.db, id, going.id);
    await registerForTest(t.ctx.database.db, id, waiting.id, { status: 'waitlisted' });
    await registerForTest(t.ctx.database.db, id, notGoing.id, { status: 'not_going' });
    const [sh, sg, sw, sn] = [await open(host), await open(going), await open(waiting), await open(notGoing)];
    const moved = await injectAs(t, host, { method: 'PATCH', url: `/api/events/${id}`, payload: { venue: 'Elsewhere' } });
    expect(moved.statusCode).toBe(200);
    expect(await sg.next('event:registration', (e) => e.eventId === id)).toEqual({ type: 'event:registration', eventId: id });
    await sw.next('event:registration', (e) => e.eventId === id);
    expect((await sg.next('notification')).notification).toMatchObject({ type: 'event', title: 'Event updated' });
    const cancelled = await injectAs(t, host, { method: 'POST', url: `/api/events/${id}/cancel`, payload: {} });
    expect(cancelled.statusCode).toBe(200);
    await sw.next('event:registration', (e) => e.eventId === id && registrationEvents(sw, id).length === 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(registrationEvents(sg, id)).toHaveLength(2);
    expect(registrationEvents(sn, id)).toEqual([]);
    expect(registrationEvents(sh, id)).toEqual([]);
  });
});
