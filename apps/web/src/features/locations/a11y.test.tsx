import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { LOCATION_MESSAGES, type LocationQrView } from '@bayclub/shared';
import { makeEventSummary } from '#/features/events/event-fixtures';
import { OWN_ID } from '#/features/gallery/gallery-fixtures';
import { json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import {
  makeCard,
  makeCheckIn,
  makeLocationMember,
  makePlace,
  makeProfileCheckIn,
  makeScan,
  MANAGER_PERMISSIONS,
  minutesAgo,
  page,
  PLACE_ID,
  TOKEN,
} from './location-fixtures';

/**
 * axe's structural rules (names, roles, labels, heading order, landmarks) on each locations page and dialog in
 * jsdom, at a phone and a desktop width. Colour contrast needs a real browser (the Playwright journey runs axe in
 * full, in both themes).
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
const settle = () => new Promise((r) => setTimeout(r, 400));

const PLACE = makePlace({
  permissions: MANAGER_PERMISSIONS,
  photos: [
    { id: 'a1b2c3d4-0000-4000-8000-000000000001', url: '/media/locations/one.webp' },
    { id: 'a1b2c3d4-0000-4000-8000-000000000002', url: '/media/locations/two.webp' },
  ],
  hereNow: [makeCheckIn({ member: makeLocationMember({ fullName: 'Ada Lovelace' }) })],
  hereNowCount: 1,
  recent: [makeCheckIn({ hereNow: false, visibility: 'connections', createdAt: minutesAgo(600) })],
  recentNextCursor: 'more',
  mine: makeCheckIn({ isMine: true, visibility: 'private' }),
  events: [makeEventSummary({ title: 'Rooftop Social' })],
});
const QR: LocationQrView = {
  locationId: PLACE_ID,
  keyVersion: 1,
  token: TOKEN,
  url: `https://bayclub.example/locations/check-in?t=${TOKEN}`,
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  regeneratedAt: null,
  posterPngUrl: `/api/locations/${PLACE_ID}/poster.png`,
  posterPdfUrl: `/api/locations/${PLACE_ID}/poster.pdf`,
};
const api = {
  ...signedInAs(makeMe({}, { isAdmin: true })),
  'GET /api/locations': () => json(page([makeCard({ hereNowCount: 2 }), makeCard({ name: 'Fort De Soto Beach', category: 'beach', distanceKm: 12.4 })], 'next')),
  'GET /api/me/location-settings': () => json({ defaultVisibility: 'connections' }),
  [`GET /api/locations/${PLACE_ID}`]: () => json(PLACE),
  [`GET /api/locations/${PLACE_ID}/qr`]: () => json(QR),
  [`GET /api/locations/${PLACE_ID}/door-token`]: () =>
    json({ locationId: PLACE_ID, locationName: 'The Pier', token: 'd', url: 'u', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>', expiresAt: new Date(Date.now() + 20_000).toISOString(), serverTime: new Date().toISOString(), stepSeconds: 30 }),
  'GET /api/locations/scan': () => json(makeScan()),
  [`GET /api/profiles/${OWN_ID}/images`]: () => json({ items: [] }),
  [`GET /api/profiles/${OWN_ID}/check-ins`]: () => json(page([makeProfileCheckIn({ isMine: true })])),
};

describe.each([
  ['phone', 390],
  ['desktop', 1280],
])('locations pages at %s width: axe (without colour contrast)', (_name, width) => {
  it.each(['/locations', `/locations/${PLACE_ID}`, `/locations/check-in?t=${TOKEN}`, `/locations/${PLACE_ID}/door`])('%s', async (path) => {
    atWidth(width);
    mockApi(api);
    renderApp(path);
    await screen.findAllByRole('heading', { level: 1 });
    await settle();
    expect(await check()).toEqual([]);
  });

  it.each([
    ['New place', LOCATION_MESSAGES.newPlace, '/locations'],
    ['Scan a code', LOCATION_MESSAGES.scanCode, '/locations'],
    ['Edit', LOCATION_MESSAGES.editPlace, `/locations/${PLACE_ID}`],
    [LOCATION_MESSAGES.qrCode, LOCATION_MESSAGES.qrCode, `/locations/${PLACE_ID}`],
  ])('the %s dialog', async (button, title, path) => {
    atWidth(width);
    mockApi(api);
    const user = userEvent.setup();
    renderApp(path);
    await user.click(await screen.findByRole('button', { name: button }, { timeout: 5000 }));
    await screen.findByRole('dialog', { name: title });
    await settle();
    expect(await check()).toEqual([]);
  });

  it('the profile’s Check-ins tab', async () => {
    atWidth(width);
    mockApi(api);
    const user = userEvent.setup();
    renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: LOCATION_MESSAGES.profileCheckIns }, { timeout: 5000 }));
    await screen.findByRole('list', { name: LOCATION_MESSAGES.profileCheckIns });
    expect(await check()).toEqual([]);
  });

  it('the regenerate confirmation', async () => {
    atWidth(width);
    mockApi(api);
    const user = userEvent.setup();
    renderApp(`/locations/${PLACE_ID}`);
    await user.click(await screen.findByRole('button', { name: LOCATION_MESSAGES.qrCode }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: LOCATION_MESSAGES.qrCode });
    await user.click(await within(dialog).findByRole('button', { name: LOCATION_MESSAGES.regenerate }));
    await screen.findByRole('alertdialog');
    await settle();
    expect(await check()).toEqual([]);
  });
});
