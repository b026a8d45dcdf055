import fs from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import jsQR from 'jsqr';
import { LOCATION_MESSAGES, type LocationQrView } from '@bayclub/shared';
import { test, expect, expectNoA11yViolations, signInViaUi } from './support/fixtures';
import { approvedMember, memberApi } from './support/members';
import { expectAccessibleAtBothSizes, memberContext } from './support/communities';

// Issue 12 (locations) in the browser, on both engines: a manager creates a place and downloads its poster; a member
// opens the poster's URL as the phone's camera app would (signed out: sign in, then back), checks in with "public";
// a second member, on the place's page and on the list, sees them here now without reloading.

let seq = 0;
const uniquePlace = (label: string) => `${label} ${Date.now().toString(36)}${(seq += 1)}`;

/** The bytes of a download. */
const downloaded = async (download: Download) => fs.readFile(await download.path());

/** What the QR on a poster PNG says, read from its pixels as a phone's camera app would. */
async function readQr(png: Buffer): Promise<string> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  expect(found, 'a QR code on the poster').not.toBeNull();
  return found!.data;
}

/**
 * New place, in the dialog on /locations: the details, the position by "Use my position" (the context's
 * geolocation) and then a tap on the map a little off it, then Done on the photos step. Ends on the place's page.
 */
async function createPlaceInBrowser(page: Page, name: string) {
  await page.goto('/locations');
  await page.getByRole('button', { name: LOCATION_MESSAGES.newPlace }).click();
  const form = page.getByRole('form', { name: LOCATION_MESSAGES.newPlace });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('combobox', { name: 'Category' }).selectOption('bar');
  await form.getByRole('combobox', { name: 'City' }).selectOption('st_pete');
  await form.getByRole('textbox', { name: 'Address' }).fill('600 2nd Ave NE');
  // Nobody types coordinates: the device's position puts the pin (the map then shows it at zoom 16, about 2 m a
  // pixel), and a tap 20 px right of and 10 px below the pin moves it there (about 50 m east, 20 m south).
  const picker = form.getByRole('region', { name: /^Map to place the pin/ });
  await expect(picker).toBeVisible();
  await expect(form.getByText('No position yet.')).toBeVisible();
  await form.getByRole('button', { name: 'Use my position' }).click();
  await expect(form.getByText('Pin at 27.77340° N, 82.62260° W')).toBeVisible();
  const pin = form.getByRole('button', { name: /^Pin at 27\.77340° N, 82\.62260° W/ });
  const pinBox = (await pin.boundingBox())!;
  const mapBox = (await picker.boundingBox())!;
  // The pin's tip is the bottom middle of its icon.
  await picker.click({ position: { x: pinBox.x + pinBox.width / 2 - mapBox.x + 20, y: pinBox.y + pinBox.height - mapBox.y + 10 } });
  const picked = form.getByText(/^Pin at 27\.77\d+° N, 82\.62\d+° W$/);
  await expect(picked).toBeVisible();
  await expect(picked).not.toHaveText('Pin at 27.77340° N, 82.62260° W');
  const [lat, lng] = (await picked.textContent())!.match(/\d+\.\d+/g)!.map(Number);
  expect(lat).toBeLessThan(27.7734);
  // East is a smaller number of degrees west; 20 px is tens of metres, not kilometres.
  expect(lng).toBeLessThan(82.6226);
  expect(lng).toBeGreaterThan(82.6226 - 0.002);
  expect(lat).toBeGreaterThan(27.7734 - 0.002);
  await expect(form.getByRole('button', { name: `${(await picked.textContent())!}. Arrow keys move it.` })).toBeVisible();
  await form.getByRole('textbox', { name: /Opening hours/ }).fill('Daily 11am-11pm');
  await form.getByRole('button', { name: 'Create place' }).click();
  const photos = page.getByRole('dialog', { name: 'Add photos' });
  await expect(photos).toBeVisible();
  await photos.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/locations\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return page.url().split('/').at(-1)!;
}

/** Console reports of resources the Content-Security-Policy refused (a tile host missing from img-src). */
function refusedByPolicy(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

/**
 * A map at a phone's and a wide desktop's size (measured, not pictured): as wide as its column, a usable height,
 * tiles from the local double drawn (decoded, 256 px), the attribution visible and inside the map, the pin named and
 * focusable and inside the map; and axe finds nothing on the page.
 */
async function expectMapAtBothSizes(page: Page, map: Locator, pinName: string) {
  for (const size of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
    await page.setViewportSize(size);
    await expect(map).toBeVisible();
    const box = (await map.boundingBox())!;
    expect(box.width, `map width at ${size.width}`).toBeGreaterThanOrEqual(size.width < 500 ? size.width - 48 : 600);
    expect(box.x + box.width).toBeLessThanOrEqual(size.width);
    expect(box.height, `map height at ${size.width}`).toBeGreaterThanOrEqual(200);
    expect(box.height).toBeLessThanOrEqual(size.height / 2);
    const tile = map.locator('img.leaflet-tile-loaded').first();
    await expect(tile).toBeVisible();
    expect(await tile.getAttribute('src')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\d+\/\d+\/\d+\.png$/);
    expect(await tile.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    const attribution = map.getByText('© OpenStreetMap contributors');
    await expect(attribution).toBeVisible();
    // Both boxes read again until the layout has settled after the resize (the map's box above may predate it).
    await expect
      .poll(async () => {
        const [credit, frame] = [(await attribution.boundingBox())!, (await map.boundingBox())!];
        return credit.y + credit.height - (frame.y + frame.height);
      }, { message: 'the map credit sits inside the map' })
      .toBeLessThanOrEqual(1);
    const pin = map.getByRole('button', { name: new RegExp(`^${pinName}`) });
    await expect(pin).toHaveAttribute('tabindex', '0');
    const pinBox = (await pin.boundingBox())!;
    expect(pinBox.x).toBeGreaterThanOrEqual(box.x);
    expect(pinBox.x + pinBox.width).toBeLessThanOrEqual(box.x + box.width);
    await expectNoA11yViolations(page);
  }
}

test('a manager makes a place and its poster; a member checks in from the poster’s URL; another sees them here now', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(330_000);
  const manager = await approvedMember(playwright, baseURL!, 'locmgr');
  const guest = await approvedMember(playwright, baseURL!, 'locin');
  const watcher = await approvedMember(playwright, baseURL!, 'locsee');
  const name = uniquePlace('Rooftop Bar');

  // The manager creates the place from /locations and downloads its posters.
  const managerContext = await memberContext(browser, { geolocation: { latitude: 27.7734, longitude: -82.6226 }, permissions: ['geolocation'] });
  const managerPage = await managerContext.newPage();
  const refusedImages = refusedByPolicy(managerPage);
  await signInViaUi(managerPage, manager.email, manager.password);
  await managerPage.goto('/locations');
  await expectAccessibleAtBothSizes(managerPage, () => expect(managerPage.getByRole('button', { name: LOCATION_MESSAGES.newPlace })).toBeVisible());
  const placeId = await createPlaceInBrowser(managerPage, name);

  // Its page shows it on a map (Leaflet's chunk, tiles from the double), a named pin among the tiles; axe and the
  // sizes are checked there with the map drawn.
  const placeMap = managerPage.getByRole('region', { name: new RegExp(`^Map around ${name}`) });
  await expectMapAtBothSizes(managerPage, placeMap, name);

  // /locations maps the places the list shows, this one a named, focusable pin; the list stays below it.
  await managerPage.goto('/locations');
  const placesMap = managerPage.getByRole('region', { name: /^Map of \d+ places?/ });
  await expectMapAtBothSizes(managerPage, placesMap, name);
  await expect(managerPage.getByRole('list', { name: 'Places' }).getByRole('link', { name })).toBeVisible();
  const pin = placesMap.getByRole('button', { name });
  await pin.focus();
  await managerPage.keyboard.press('Enter');
  await placesMap.getByRole('link', { name }).click();
  await expect(managerPage).toHaveURL(new RegExp(`/locations/${placeId}$`));
  expect(refusedImages, 'images the Content-Security-Policy refused').toEqual([]);
  await managerPage.goto(`/locations/${placeId}`);

  await managerPage.getByRole('button', { name: LOCATION_MESSAGES.qrCode }).click();
  const qrDialog = managerPage.getByRole('dialog', { name: LOCATION_MESSAGES.qrCode });
  await expect(qrDialog.getByRole('img', { name: `QR code to check in at ${name}` })).toBeVisible();
  await expectAccessibleAtBothSizes(managerPage, () => expect(qrDialog.getByRole('link', { name: LOCATION_MESSAGES.downloadPng })).toBeVisible());
  const pngDownload = managerPage.waitForEvent('download');
  await qrDialog.getByRole('link', { name: LOCATION_MESSAGES.downloadPng }).click();
  const png = await downloaded(await pngDownload);
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect((await pngDownload).suggestedFilename()).toMatch(/^rooftop-bar-.*-poster\.png$/);
  const pdfDownload = managerPage.waitForEvent('download');
  await qrDialog.getByRole('link', { name: LOCATION_MESSAGES.downloadPdf }).click();
  expect((await downloaded(await pdfDownload)).subarray(0, 5).toString()).toBe('%PDF-');

  // The poster's QR holds the check-in link of this server, the same the API gives the manager.
  const posterUrl = await readQr(png);
  const managerApi = await memberApi(playwright, baseURL!, manager.email, manager.password);
  const qr = (await (await managerApi.get(`/api/locations/${placeId}/qr`)).json()) as LocationQrView;
  await managerApi.dispose();
  expect(posterUrl).toBe(qr.url);
  expect(new URL(posterUrl).origin).toBe(new URL(baseURL!).origin);
  expect(new URL(posterUrl).pathname).toBe('/locations/check-in');

  // The watcher has the place open (nobody here yet) and, on a phone, shares a position near it.
  const watcherContext = await memberContext(browser, { geolocation: { latitude: 27.7729, longitude: -82.6221 }, permissions: ['geolocation'] });
  const watcherPage = await watcherContext.newPage();
  await signInViaUi(watcherPage, watcher.email, watcher.password);
  await watcherPage.goto(`/locations/${placeId}`);
  const hereNow = watcherPage.getByRole('region', { name: LOCATION_MESSAGES.hereNow });
  await expect(hereNow.getByText(LOCATION_MESSAGES.nobodyHere)).toBeVisible();
  // Issue 21: the watcher, a full member who did not create the place, sees no manage controls (the server refuses
  // them too).
  await expect(watcherPage.getByRole('group', { name: 'Manage this place' })).toHaveCount(0);
  for (const control of ['Edit', LOCATION_MESSAGES.qrCode, 'Deactivate', 'Managers']) {
    await expect(watcherPage.getByRole('button', { name: control, exact: true })).toHaveCount(0);
  }
  await expect(watcherPage.getByRole('link', { name: LOCATION_MESSAGES.doorScreen })).toHaveCount(0);

  // The guest's phone camera opens the poster's URL: signed out, they sign in and come back to the same code.
  const guestContext = await memberContext(browser);
  const guestPage = await guestContext.newPage();
  await guestPage.goto(posterUrl);
  await expect(guestPage).toHaveURL(/\/auth$/);
  await guestPage.getByLabel('Email').fill(guest.email);
  await guestPage.getByLabel('Password', { exact: true }).fill(guest.password);
  await guestPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(guestPage).toHaveURL(posterUrl);
  await expect(guestPage.getByRole('link', { name })).toBeVisible();
  const publicChoice = guestPage.getByRole('radio', { name: /^Public/ });
  await expect(guestPage.getByRole('radio', { name: /^Connections only/ })).toBeChecked();
  await expectAccessibleAtBothSizes(guestPage, () => expect(publicChoice).toBeVisible());
  await publicChoice.check();
  await guestPage.getByRole('button', { name: LOCATION_MESSAGES.checkIn, exact: true }).click();
  await expect(guestPage.getByRole('status').getByText(LOCATION_MESSAGES.checkedIn)).toBeVisible();
  await expectAccessibleAtBothSizes(guestPage, () => expect(guestPage.getByRole('link', { name: 'See who’s here' })).toBeVisible());

  // The watcher's open page shows the guest here now, live; so does the list's count, nearest first with distance.
  await expect(hereNow.getByRole('link', { name: guest.name })).toBeVisible();
  await expect(hereNow.getByText('1 member here now')).toBeVisible();
  await expectAccessibleAtBothSizes(watcherPage, () => expect(hereNow.getByRole('link', { name: guest.name })).toBeVisible());
  await watcherPage.goto('/locations');
  await watcherPage.getByRole('button', { name: LOCATION_MESSAGES.nearMe }).click();
  const card = watcherPage.getByRole('list', { name: 'Places, nearest first' }).getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('1 member here now');
  await expect(card).toContainText(/\d+ m/);
  await expectAccessibleAtBothSizes(watcherPage, () => expect(card).toBeVisible());

  // The guest's own profile lists the check-in.
  await guestPage.goto('/profile');
  await guestPage.getByRole('tab', { name: LOCATION_MESSAGES.profileCheckIns }).click();
  await expect(guestPage.getByRole('list', { name: LOCATION_MESSAGES.profileCheckIns }).getByRole('link', { name })).toBeVisible();

  await Promise.all([managerContext.close(), watcherContext.close(), guestContext.close()]);
});
