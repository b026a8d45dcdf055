// Draws the screenshots the web app manifest offers to the install sheet (Android's and desktop Chrome's richer
// install dialog shows them like an app store card). Run it against a server with the demo data:
//   DATA_DIR=/tmp/shots PORT=3400 npm run seed:demo && DATA_DIR=/tmp/shots PORT=3400 npm run serve &
//   BASE_URL=http://localhost:3400 node scripts/make-screenshots.mjs
// WebP, not PNG: the service worker precaches the shell's PNGs, and nobody needs these offline.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';

const baseURL = process.env.BASE_URL ?? 'http://localhost:3000';
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/screenshots');
const login = { email: 'avarivera@bayclub.demo', password: 'bayclub-demo' };

const shots = [
  { file: 'events-phone.webp', route: '/events', viewport: { width: 390, height: 844 }, scale: 2, mobile: true },
  { file: 'community-phone.webp', route: '/community', viewport: { width: 390, height: 844 }, scale: 2, mobile: true },
  { file: 'events-desktop.webp', route: '/events', viewport: { width: 1280, height: 800 }, scale: 1, mobile: false },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const shot of shots) {
  const context = await browser.newContext({
    baseURL,
    viewport: shot.viewport,
    deviceScaleFactor: shot.scale,
    isMobile: shot.mobile,
    hasTouch: shot.mobile,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(login.email);
  await page.getByLabel('Password', { exact: true }).fill(login.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(shot.route);
  await page.waitForLoadState('networkidle');
  // Let pictures decode and the push prompt's timer pass unseen (it would cover the page): hide it outright.
  await page.addStyleTag({ content: '[data-testid="push-prompt"]{display:none!important}' });
  await page.waitForTimeout(1500);
  const png = await page.screenshot();
  await sharp(png).webp({ quality: 80 }).toFile(path.join(out, shot.file));
  console.log(`${shot.file}: ${shot.viewport.width * shot.scale}x${shot.viewport.height * shot.scale}`);
  await context.close();
}
await browser.close();
