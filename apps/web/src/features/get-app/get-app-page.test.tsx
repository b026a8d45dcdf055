import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WELCOME_INSTALLED_KEY } from '@bayclub/shared';
import { captureInstallPrompt } from '#/lib/install-prompt';
import { mockApi, renderApp } from '#/test/render-app';
import { installPlatform } from '#/lib/install-platform';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const realUserAgent = navigator.userAgent;
/** This test's device (jsdom has no maxTouchPoints; both are own properties of navigator until put back). */
function as(ua: string, touch = 0) {
  Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
  Object.defineProperty(navigator, 'maxTouchPoints', { value: touch, configurable: true });
}

beforeAll(() => captureInstallPrompt());
afterEach(() => {
  as(realUserAgent);
  localStorage.clear();
});

describe('installPlatform', () => {
  it.each([
    [IPHONE, 5, 'ios-safari'],
    [IPAD, 5, 'ios-safari'],
    [IPAD, 0, 'desktop'],
    [IPHONE_CHROME, 5, 'ios-other'],
    [ANDROID, 5, 'android'],
    [DESKTOP, 0, 'desktop'],
  ] as const)('%s with %i touch points: %s', (ua, touch, expected) => {
    expect(installPlatform(ua, touch)).toBe(expected);
  });
});

describe('/get-app', () => {
  it("on an iPhone in Safari: Safari's three steps, no Install button", async () => {
    as(IPHONE, 5);
    mockApi();
    renderApp('/get-app');
    const steps = await screen.findByRole('list', { name: 'Add to your Home Screen in three steps' });
    expect(steps).toHaveTextContent(/Tap Share.*Choose Add to Home Screen.*Tap Add/);
    expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
  });

  it('in Chrome on another iPhone browser: open it in Safari', async () => {
    as(IPHONE_CHROME, 5);
    mockApi();
    renderApp('/get-app');
    expect(await screen.findByRole('heading', { name: 'Open this page in Safari' })).toBeInTheDocument();
  });

  it('on a computer: a QR code that opens the page on the phone', async () => {
    as(DESKTOP);
    mockApi();
    renderApp('/get-app');
    expect(await screen.findByRole('img', { name: 'QR code: opens this page on your phone' })).toHaveAttribute('src', '/api/get-app/qr.svg');
  });

  it('already installed on this device: says so and links Home', async () => {
    as(IPHONE, 5);
    localStorage.setItem(WELCOME_INSTALLED_KEY, '1');
    mockApi();
    renderApp('/get-app');
    expect(await screen.findByRole('heading', { name: 'You already have the app' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/community');
    expect(screen.queryByRole('list', { name: 'Add to your Home Screen in three steps' })).not.toBeInTheDocument();
  });

  // Last: the install it simulates stays in this page's store for the rest of the file.
  it("where the browser offers installation: an Install button that opens the browser's dialog, then says it is installed", async () => {
    as(ANDROID, 5);
    mockApi();
    renderApp('/get-app');
    expect(await screen.findByRole('heading', { name: 'On Android' })).toBeInTheDocument();
    const prompt = vi.fn(async () => {});
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => void window.dispatchEvent(offer));
    expect(offer.defaultPrevented).toBe(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledOnce();
    expect(await screen.findByRole('heading', { name: 'You already have the app' })).toBeInTheDocument();
  });
});
