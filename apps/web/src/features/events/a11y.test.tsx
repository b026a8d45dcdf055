import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { makeMyCommunity } from '#/features/posts/post-fixtures';
import { CREATOR_VIEWER, makeCommunity } from '#/features/communities/community-fixtures';
import { eventsPage, HOST_PERMISSIONS, makeEvent, makeEventMember, makeEventSummary, makeHost, makeVisitorEvent } from './event-fixtures';

/**
 * axe's structural rules (names, roles, labels, heading order, landmarks) on each events page in jsdom, at a phone
 * and a desktop width. Colour contrast needs a real browser (the Playwright journey runs axe in full).
 */
async function check() {
  const r = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`);
}
const originalWidth = window.innerWidth;
function atWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}
afterEach(() => atWidth(originalWidth));

const EVENT = makeEvent({ title: 'Sunset Social', permissions: HOST_PERMISSIONS, hosts: [makeHost({ id: makeMe().user.id }), makeHost({ fullName: 'Ben Ortiz', isCreator: false, role: 'door' })], community: { id: 'c0ffee00-0000-4000-8000-000000000001', name: 'Runners', urlSlug: 'runners' } });
const PUBLIC = makeVisitorEvent({ title: 'Open Mic' });
const COMMUNITY = makeCommunity({ viewer: CREATOR_VIEWER });
const api = {
  'GET /api/events': () => json(eventsPage([makeEventSummary({ myStatus: 'going' }), makeEventSummary({ title: 'Book Swap', status: 'cancelled' })], 'more')),
  [`GET /api/events/${EVENT.id}/attendees`]: () => json(eventsPage([{ member: makeEventMember(), status: 'going', guests: 0, checkedInAt: null }])),
  'GET /api/events/month': () => json({ items: [makeEventSummary()] }),
  [`GET /api/events/${EVENT.id}`]: () => json(EVENT),
  [`GET /api/events/${PUBLIC.id}`]: () => json(PUBLIC),
  'GET /api/communities/mine': () => json({ items: [makeMyCommunity('c0ffee00-0000-4000-8000-000000000001', 'Runners')] }),
  [`GET /api/communities/${COMMUNITY.id}`]: () => json(COMMUNITY),
};
const settle = () => new Promise((r) => setTimeout(r, 400));

describe.each([
  ['phone', 390],
  ['desktop', 1280],
])('events pages at %s width: axe (without colour contrast)', (_name, width) => {
  it.each(['/events', '/events?view=month', `/events/${EVENT.id}`, `/community/${COMMUNITY.id}?tab=events`])('%s signed in', async (path) => {
    atWidth(width);
    mockApi({ ...signedInAs(makeMe()), ...api });
    renderApp(path);
    await screen.findAllByRole('heading', { level: 1 });
    await settle();
    expect(await check()).toEqual([]);
  });

  it.each(['/events', `/events/${PUBLIC.id}`])('%s signed out', async (path) => {
    atWidth(width);
    mockApi(api);
    renderApp(path);
    await screen.findAllByRole('heading', { level: 1 });
    await settle();
    expect(await check()).toEqual([]);
  });

  it('the Hosts dialog', async () => {
    atWidth(width);
    mockApi({ ...signedInAs(makeMe()), ...api });
    const user = userEvent.setup();
    renderApp(`/events/${EVENT.id}`);
    await user.click(await screen.findByRole('button', { name: 'Hosts' }));
    await screen.findByRole('button', { name: /Co-host: add/ });
    await settle();
    expect(await check()).toEqual([]);
  });

  it('the Create event dialog', async () => {
    atWidth(width);
    mockApi({ ...signedInAs(makeMe()), ...api });
    const user = userEvent.setup();
    renderApp('/events');
    await user.click(await screen.findByRole('button', { name: 'Create event' }));
    await screen.findByRole('dialog', { name: 'Create event' });
    await settle();
    expect(await check()).toEqual([]);
  });
});
