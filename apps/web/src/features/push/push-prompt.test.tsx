import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIMITS, PUSH_MESSAGES } from '@bayclub/shared';
import { Providers } from '#/app/providers';
import { createQueryClient } from '#/lib/query-client';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { MemoryRouter } from 'react-router';
import { PUSH_PROMPT_DISMISSED_KEY, PUSH_PROMPT_QUIET_MS, PushPrompt } from './push-prompt';
import { PushToggle } from './push-toggle';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
import { fakeSubscription, restorePushEnv, stubPushEnv, TEST_ENDPOINT, TEST_PUBLIC_KEY } from './push-test-utils';

vi.mock('#/features/profile/profile-page', async () => ({ ProfilePage: (await import('#/test/mock-pages')).ProfilePage }));

afterEach(() => {
  vi.useRealTimers();
  restorePushEnv();
});

const pushApi = (extra: Record<string, Handler> = {}) =>
  mockApi({
    'GET /api/push/public-key': () => json({ publicKey: TEST_PUBLIC_KEY }),
    'POST /api/push/subscriptions': () => json({ active: true }, 201),
    ...extra,
  });

function renderPrompt() {
  return render(
    <Providers queryClient={createQueryClient()}>
      <PushPrompt slot={null} />
    </Providers>,
  );
}

const prompt = () => screen.queryByRole('region', { name: PUSH_MESSAGES.promptTitle });

/** Fake clock from the first render on: advance it and let the promises it releases settle. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Past the delay, in two steps: the due timer's state update renders when the first act ends, then the check runs. */
async function passDelay() {
  await advance(LIMITS.pushPromptDelay);
  await advance(1000);
}

/** Render, let the delay pass on a fake clock, then hand back the real clock for user interaction. */
async function promptAfterDelay() {
  vi.useFakeTimers();
  renderPrompt();
  await passDelay();
  vi.useRealTimers();
  const region = prompt();
  expect(region).not.toBeNull();
  return region!;
}

describe('push prompt timing and conditions (spec 4)', () => {
  it('appears 5 s after mounting, not before, and takes no focus', async () => {
    stubPushEnv({ permission: 'default' });
    pushApi();
    vi.useFakeTimers();
    renderPrompt();
    const focused = document.activeElement;
    await advance(LIMITS.pushPromptDelay - 1);
    expect(prompt()).toBeNull();
    await advance(1);
    await advance(50);
    const region = prompt();
    expect(region).not.toBeNull();
    expect(region).toHaveTextContent(PUSH_MESSAGES.promptBody);
    expect(region).toHaveAccessibleDescription(PUSH_MESSAGES.promptBody);
    expect(screen.getByRole('button', { name: PUSH_MESSAGES.enable })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: PUSH_MESSAGES.dismiss })).toBeInTheDocument();
    expect(document.activeElement).toBe(focused);
  });

  it.each([['granted'], ['denied']] as const)('does not appear when permission is already %s', async (permission) => {
    const env = stubPushEnv({ permission });
    pushApi();
    vi.useFakeTimers();
    renderPrompt();
    await passDelay();
    expect(env.serviceWorker.getRegistration).toHaveBeenCalled();
    expect(prompt()).toBeNull();
  });

  it('does not appear when this browser is already subscribed', async () => {
    // Permission undecided but a subscription exists (e.g. the site's permission was reset): nothing to ask.
    const env = stubPushEnv({ permission: 'default', subscription: fakeSubscription() });
    pushApi();
    vi.useFakeTimers();
    renderPrompt();
    await passDelay();
    expect(env.pushManager.getSubscription).toHaveBeenCalled();
    expect(prompt()).toBeNull();
  });

  it('does not appear in a new tab, nor for 30 days, once answered on this device', async () => {
    // Kept in localStorage with the time: a new tab (a new render here) reads it; sessionStorage asked again in each.
    stubPushEnv({ permission: 'default' });
    pushApi();
    localStorage.setItem(PUSH_PROMPT_DISMISSED_KEY, String(Date.now() - (PUSH_PROMPT_QUIET_MS - 60_000)));
    vi.useFakeTimers();
    renderPrompt();
    await passDelay();
    expect(prompt()).toBeNull();
  });

  it('asks again once the 30 days have passed', async () => {
    stubPushEnv({ permission: 'default' });
    pushApi();
    localStorage.setItem(PUSH_PROMPT_DISMISSED_KEY, String(Date.now() - PUSH_PROMPT_QUIET_MS - 60_000));
    await promptAfterDelay();
  });

  it('goes away when it is answered in another tab', async () => {
    stubPushEnv({ permission: 'default' });
    pushApi();
    await promptAfterDelay();
    localStorage.setItem(PUSH_PROMPT_DISMISSED_KEY, String(Date.now()));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: PUSH_PROMPT_DISMISSED_KEY, newValue: String(Date.now()) }));
    });
    expect(prompt()).toBeNull();
  });

  it('floats over the page (fixed), so it moves nothing when it appears', async () => {
    stubPushEnv({ permission: 'default' });
    pushApi();
    const region = await promptAfterDelay();
    expect(region).toHaveClass('fixed');
  });

  it('is shown in the slot it is given (the side menu on desktop), not over the page', async () => {
    stubPushEnv({ permission: 'default' });
    pushApi();
    const slot = document.body.appendChild(document.createElement('div'));
    vi.useFakeTimers();
    render(
      <Providers queryClient={createQueryClient()}>
        <PushPrompt slot={slot} />
      </Providers>,
    );
    await passDelay();
    vi.useRealTimers();
    expect(slot).toContainElement(prompt());
    expect(prompt()).not.toHaveClass('fixed');
    slot.remove();
  });

  it('waits while hidden (a chat on a phone)', async () => {
    stubPushEnv({ permission: 'default' });
    pushApi();
    vi.useFakeTimers();
    render(
      <Providers queryClient={createQueryClient()}>
        <PushPrompt slot={null} hidden />
      </Providers>,
    );
    await passDelay();
    expect(prompt()).toBeNull();
  });

  it('does not appear when the browser cannot push', async () => {
    // jsdom has no service worker, PushManager or Notification: the real "unsupported" case.
    pushApi();
    vi.useFakeTimers();
    renderPrompt();
    await passDelay();
    expect(prompt()).toBeNull();
  });

  it("on an iPhone's Safari (no web push in a tab) it links to /get-app instead, and following the link answers it", async () => {
    const ua = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    try {
      pushApi();
      vi.useFakeTimers();
      render(
        <MemoryRouter>
          <Providers queryClient={createQueryClient()}>
            <PushPrompt slot={null} />
          </Providers>
        </MemoryRouter>,
      );
      await passDelay();
      vi.useRealTimers();
      const region = screen.getByRole('region', { name: PUSH_MESSAGES.installTitle });
      expect(region).toHaveTextContent(PUSH_MESSAGES.installBody);
      expect(screen.queryByRole('button', { name: PUSH_MESSAGES.enable })).toBeNull();
      const link = screen.getByRole('link', { name: PUSH_MESSAGES.installLink });
      expect(link).toHaveAttribute('href', '/get-app');
      await userEvent.click(link);
      expect(screen.queryByRole('region', { name: PUSH_MESSAGES.installTitle })).toBeNull();
      expect(Number(localStorage.getItem(PUSH_PROMPT_DISMISSED_KEY))).toBeGreaterThan(0);
    } finally {
      ua.mockRestore();
      localStorage.removeItem(PUSH_PROMPT_DISMISSED_KEY);
    }
  });

  it('the notifications switch on an iPhone says why and links to /get-app', async () => {
    const ua = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    try {
      pushApi();
      render(
        <MemoryRouter>
          <Providers queryClient={createQueryClient()}>
            <PushToggle />
          </Providers>
        </MemoryRouter>,
      );
      expect(screen.getByText(PUSH_MESSAGES.installBody, { exact: false })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: PUSH_MESSAGES.installLink })).toHaveAttribute('href', '/get-app');
    } finally {
      ua.mockRestore();
    }
  });

  it('does not appear when no service worker is registered', async () => {
    stubPushEnv({ permission: 'default', noRegistration: true });
    pushApi();
    vi.useFakeTimers();
    renderPrompt();
    await passDelay();
    expect(prompt()).toBeNull();
  });

  it("'Not now' hides it on this device, with the time it was said", async () => {
    const env = stubPushEnv({ permission: 'default' });
    pushApi();
    await promptAfterDelay();
    await userEvent.click(screen.getByRole('button', { name: PUSH_MESSAGES.dismiss }));
    expect(prompt()).toBeNull();
    expect(Date.now() - Number(localStorage.getItem(PUSH_PROMPT_DISMISSED_KEY))).toBeLessThan(10_000);
    expect(env.notification.requestPermission).not.toHaveBeenCalled();
  });

  it('is mounted by the signed-in layout', async () => {
    stubPushEnv({ permission: 'default' });
    mockApi({ ...signedInAs(makeMe()), 'GET /api/push/public-key': () => json({ publicKey: TEST_PUBLIC_KEY }) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    await advance(LIMITS.pushPromptDelay + 100);
    expect(await screen.findByRole('region', { name: PUSH_MESSAGES.promptTitle })).toBeInTheDocument();
  });

  it('is not mounted for a pending applicant', async () => {
    stubPushEnv({ permission: 'default' });
    mockApi({
      ...signedInAs(makeMe({ accountType: 'community_only', applicationStatus: 'pending' })),
      'GET /api/push/public-key': () => json({ publicKey: TEST_PUBLIC_KEY }),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    await advance(LIMITS.pushPromptDelay + 1000);
    expect(prompt()).toBeNull();
  });
});

describe('enabling from the prompt', () => {
  it('asks permission, subscribes with the server key and saves the subscription', async () => {
    const env = stubPushEnv({ permission: 'default' });
    const fetchMock = pushApi();
    await promptAfterDelay();
    await userEvent.click(screen.getByRole('button', { name: PUSH_MESSAGES.enable }));
    expect(await screen.findByText(PUSH_MESSAGES.enabled)).toBeInTheDocument();
    expect(env.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(env.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: new Uint8Array([1, 2, 3]) });
    const save = fetchMock.mock.calls.find(([url, init]) => url === '/api/push/subscriptions' && init?.method === 'POST');
    expect(JSON.parse(String(save?.[1]?.body))).toEqual({
      subscription: { endpoint: TEST_ENDPOINT, expirationTime: null, keys: { p256dh: 'BNcR', auth: 'tBHI' } },
    });
    await waitFor(() => expect(prompt()).toBeNull());
  });

  it.each([
    ['permission is denied', { answer: 'denied' as const }, {}, PUSH_MESSAGES.permissionDenied],
    ['asking for permission throws', { answer: new Error('blocked') }, {}, PUSH_MESSAGES.permissionFailed],
    ['subscribing fails', { subscribeError: new Error('AbortError') }, {}, PUSH_MESSAGES.enableFailed],
    ['the key cannot be read', {}, { 'GET /api/push/public-key': () => apiError(500, 'INTERNAL', 'Internal error') }, PUSH_MESSAGES.enableFailed],
  ])('says so when %s', async (_case, env, handlers, message) => {
    stubPushEnv({ permission: 'default', ...env });
    const fetchMock = pushApi(handlers);
    await promptAfterDelay();
    await userEvent.click(screen.getByRole('button', { name: PUSH_MESSAGES.enable }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(PUSH_MESSAGES.enabled)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/push/subscriptions')).toBe(false);
    // Asked once: the prompt leaves for the session, the panel's switch remains for another try.
    await waitFor(() => expect(prompt()).toBeNull());
    expect(localStorage.getItem(PUSH_PROMPT_DISMISSED_KEY)).not.toBeNull();
  });

  it('drops the browser subscription when the server cannot save it', async () => {
    const env = stubPushEnv({ permission: 'default' });
    pushApi({ 'POST /api/push/subscriptions': () => apiError(500, 'INTERNAL', 'Internal error') });
    await promptAfterDelay();
    await userEvent.click(screen.getByRole('button', { name: PUSH_MESSAGES.enable }));
    expect(await screen.findByText(PUSH_MESSAGES.saveFailed)).toBeInTheDocument();
    expect(env.pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(env.current()).toBeNull();
  });

  it('shows nothing when the member closes the browser question unanswered', async () => {
    stubPushEnv({ permission: 'default', answer: 'default' });
    const fetchMock = pushApi();
    await promptAfterDelay();
    await userEvent.click(screen.getByRole('button', { name: PUSH_MESSAGES.enable }));
    await waitFor(() => expect(prompt()).toBeNull());
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/push/public-key')).toBe(false);
  });
});

describe('an existing subscription', () => {
  it('is saved again for the signed-in member when the layout mounts', async () => {
    stubPushEnv({ permission: 'granted', subscription: fakeSubscription() });
    const fetchMock = pushApi();
    renderPrompt();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/push/subscriptions' && init?.method === 'POST')).toBe(true),
    );
  });

  it('is replaced when the server key changed', async () => {
    const old = fakeSubscription(TEST_ENDPOINT, [9, 9, 9]);
    const env = stubPushEnv({ permission: 'granted', subscription: old });
    const fetchMock = pushApi();
    renderPrompt();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/push/subscriptions')).toBe(true));
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(env.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: new Uint8Array([1, 2, 3]) });
  });

  it('is left alone without permission', async () => {
    stubPushEnv({ permission: 'default' });
    const fetchMock = pushApi();
    renderPrompt();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/push'))).toBe(false);
  });
});
