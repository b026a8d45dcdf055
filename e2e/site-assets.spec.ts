import { test, expect, signInAsAdmin, adminApi, expectNoA11yViolations } from './support/fixtures';
import type { Page } from '@playwright/test';
import { approvedMember, memberApi, photoFile } from './support/members';

/** A real, playable WebM: two seconds of a changing canvas recorded by the browser's own MediaRecorder. */
async function recordWebm(page: Page) {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const g = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    for (let frame = 0; frame < 30; frame++) {
      g.fillStyle = `hsl(${frame * 12} 70% 45%)`;
      g.fillRect(0, 0, 320, 180);
      await new Promise((resolve) => setTimeout(resolve, 66));
    }
    recorder.stop();
    await stopped;
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  });
  return { name: 'bay-at-dusk.webm', mimeType: 'video/webm', buffer: Buffer.from(bytes) };
}

test('an admin uploads a favicon, a landing cover image and video, and a verification badge; visitors and members see them', async ({ browser, baseURL, playwright }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Settings' }).click();

  await admin.getByLabel('Upload favicon').setInputFiles(await photoFile('icon.png', { r: 20, g: 180, b: 170 }, 256, 256));
  await expect(admin.getByText('Favicon Uploaded')).toBeVisible();
  await expect(admin.getByRole('img', { name: 'Current favicon' })).toHaveAttribute('src', /^\/media\/app-assets\/\d+-favicon\.png$/);

  await admin.getByLabel('Upload cover image').setInputFiles(await photoFile('bay.jpg', { r: 30, g: 70, b: 140 }, 1600, 800));
  await expect(admin.getByText('Landing cover uploaded')).toBeVisible();
  await expect(admin.getByRole('textbox', { name: 'Cover image URL' })).toHaveValue(/^\/media\/landing-covers\/\d+-cover\.webp$/);
  await expect(admin.getByRole('button', { name: 'Save Settings' })).toBeDisabled();
  await expectNoA11yViolations(admin);
  await context.close();

  // A visitor: the landing page shows the uploaded cover, and the tab icon is the uploaded favicon.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  const cover = visitor.getByTestId('landing-cover-image');
  await expect(cover).toHaveAttribute('src', /^\/media\/landing-covers\//);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
  await expect(visitor.locator('link[rel="icon"]')).toHaveAttribute('href', /^\/media\/app-assets\//);
  const manifest = await (await visitor.request.get('/manifest.webmanifest')).json();
  expect(JSON.stringify(manifest.icons)).toContain('/media/app-assets/');


  // The admin uploads a cover video (recorded by the browser itself): the browser takes its poster frame.
  const adminAgain = await browser.newContext();
  const admin2 = await adminAgain.newPage();
  await signInAsAdmin(admin2);
  await admin2.goto('/admin?tab=settings');
  const webm = await recordWebm(admin2);
  await admin2.getByLabel('Upload cover video').setInputFiles(webm);
  await expect(admin2.getByText('Landing video uploaded')).toBeVisible({ timeout: 20_000 });
  await expect(admin2.getByRole('textbox', { name: 'Cover video URL' })).toHaveValue(/^\/media\/landing-covers\/\d+-video\.webm$/);
  await expect(admin2.getByRole('textbox', { name: 'Cover image URL' })).toHaveValue(/^\/media\/landing-covers\/\d+-poster\.webp$/);
  await expect(admin2.getByRole('radio', { name: 'video' })).toBeChecked();
  await expect(admin2.getByRole('button', { name: 'Save Settings' })).toBeDisabled();

  // ...and a verification badge, then verifies a member: the member's profile shows that image as the badge.
  await admin2.getByLabel('Upload verification badge').setInputFiles(await photoFile('badge.png', { r: 200, g: 150, b: 20 }, 300, 300));
  await expect(admin2.getByText('Verification badge uploaded')).toBeVisible();
  await expect(admin2.getByRole('img', { name: 'Current verification badge' })).toHaveAttribute('src', /^\/media\/app-assets\/\d+-badge\.png$/);
  await expectNoA11yViolations(admin2);
  const member = await approvedMember(playwright, baseURL!, 'badge');
  const asMember = await memberApi(playwright, baseURL!, member.email, member.password);
  const memberId = ((await (await asMember.get('/api/auth/get-session')).json()) as { user: { id: string } }).user.id;
  await asMember.dispose();
  const api = await adminApi(await playwright.request.newContext({ baseURL }), baseURL!);
  const verified = await api.put(`/api/admin/members/${memberId}/verified`, { headers: { origin: baseURL! }, data: { verified: true } });
  expect(verified.status(), await verified.text()).toBe(200);
  await admin2.goto(`/view-profile/${memberId}`);
  const badge = admin2.getByTestId('verified-badge').first().locator('img');
  await expect(badge).toHaveAttribute('src', /^\/media\/app-assets\/\d+-badge\.png$/);
  await expect.poll(() => badge.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(128);
  await adminAgain.close();

  // A visitor: the landing page plays the uploaded video (it decodes: frames of 320x180), its poster the frame.
  const viewer = await (await browser.newContext()).newPage();
  await viewer.goto('/');
  const video = viewer.getByTestId('landing-cover-video');
  await expect(video).toHaveAttribute('src', /^\/media\/landing-covers\/\d+-video\.webm$/);
  await expect(video).toHaveAttribute('poster', /^\/media\/landing-covers\/\d+-poster\.webp$/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.videoWidth), { timeout: 15_000 }).toBe(320);
  // A visitor who asked for less motion gets the still poster instead.
  await viewer.emulateMedia({ reducedMotion: 'reduce' });
  await expect(viewer.getByTestId('landing-cover-image')).toHaveAttribute('src', /-poster\.webp$/);
  await expect(viewer.getByTestId('landing-cover-video')).toHaveCount(0);

  // The legal pages: the built-in Terms for a visitor, then an admin's Markdown, dated today, its HTML shown as text.
  await viewer.goto('/terms-of-service');
  await expect(viewer.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(viewer.getByText(/^Last updated /)).toBeVisible();
  await expectNoA11yViolations(viewer);
  await viewer.goto('/privacy-policy');
  await expect(viewer.getByRole('heading', { name: /Check-in privacy/ })).toBeVisible();
  const legalAdmin = await (await browser.newContext()).newPage();
  await signInAsAdmin(legalAdmin);
  await legalAdmin.goto('/admin?tab=settings');
  const terms = legalAdmin.getByRole('textbox', { name: 'Terms of Service (Markdown)' });
  const builtInTerms = await terms.inputValue();
  await terms.fill('## House rules\n\nBe **kind** at every meetup. <script>alert(1)</script>');
  await legalAdmin.getByRole('button', { name: 'Save Terms of Service' }).click();
  await expect(legalAdmin.getByText('Terms of Service saved')).toBeVisible();
  await viewer.goto('/terms-of-service');
  await expect(viewer.getByRole('heading', { level: 2, name: 'House rules' })).toBeVisible();
  await expect(viewer.getByText('<script>alert(1)</script>', { exact: false })).toBeVisible();
  await expect(viewer.getByText(`Last updated ${new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })}`)).toBeVisible();
  await terms.fill(builtInTerms);
  await legalAdmin.getByRole('button', { name: 'Save Terms of Service' }).click();
  await expect(legalAdmin.getByText('Terms of Service saved')).toHaveCount(2);
  await legalAdmin.context().close();
  await viewer.goto('/terms-of-service');
  await expect(viewer.getByRole('heading', { level: 2, name: /Who can join/ })).toBeVisible();

  // Put the built-in cover, icon and badge back for the other journeys.
  const res = await api.put('/api/admin/settings', {
    headers: { origin: baseURL! },
    data: { settings: { landing_cover_url: '', favicon_url: '', landing_video_url: '', landing_cover_type: 'image', verification_badge_url: '' } },
  });
  expect(res.status(), await res.text()).toBe(200);
  await api.dispose();
});
