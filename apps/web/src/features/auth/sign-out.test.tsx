import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { PROFILE_MESSAGES } from '@bayclub/shared';
import { apiError, json, mockApi, never, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { sessionKeys } from '#/lib/session/api';

vi.mock('#/features/landing/landing-page', async () => ({ LandingPage: (await import('#/test/mock-pages')).LandingPage }));
vi.mock('#/features/profile/profile-page', async () => ({ ProfilePage: (await import('#/test/mock-pages')).ProfilePage }));

afterEach(() => vi.useRealTimers());

describe('sign-out', () => {
  it('lands on / after 3 s even when the server never answers', async () => {
    const fetchMock = mockApi({ ...signedInAs(makeMe()), 'POST /api/session/sign-out': never });
    const { router } = renderApp('/community');
    const signOut = await screen.findByRole('button', { name: 'Sign Out' });

    vi.useFakeTimers();
    fireEvent.click(signOut);
    expect(screen.getByRole('status')).toHaveTextContent('Signing out...');
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.getByRole('status')).toHaveTextContent('Signing out...');
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/session/sign-out' && init?.method === 'POST')).toBe(true);
  });

  it('lands on / at once when the server confirms', async () => {
    mockApi(signedInAs(makeMe()));
    const { router } = renderApp('/events');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lands on / when the session ends on the server (401 after being signed in)', async () => {
    let signedIn = true;
    mockApi({ 'GET /api/me': () => (signedIn ? json(makeMe()) : apiError(401, 'UNAUTHENTICATED', 'Sign in')) });
    const { router, queryClient } = renderApp('/connections');
    expect(await screen.findByRole('heading', { name: 'Connections' })).toBeInTheDocument();
    signedIn = false;
    await act(() => queryClient.invalidateQueries({ queryKey: sessionKeys.me }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeInTheDocument();
  });
});

describe('profile loading screen states', () => {
  it("shows 'Profile not found and could not be recovered' and signs out after 1 s", async () => {
    mockApi({
      'GET /api/me': () => json(makeMe(null, { recoverable: true })),
      'POST /api/me/recover': () => apiError(404, 'NOT_FOUND', PROFILE_MESSAGES.notRecovered),
    });
    const { router } = renderApp('/community');
    expect(await screen.findByRole('heading', { name: PROFILE_MESSAGES.notRecovered })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 2000 });
    expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeInTheDocument();
  });

  it('uses the recovered profile as a pending community_only member', async () => {
    const recovered = makeMe({ accountType: 'community_only', applicationStatus: 'pending' });
    mockApi({
      'GET /api/me': () => json(makeMe(null, { recoverable: true })),
      'POST /api/me/recover': () => json(recovered),
    });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('re-checks a pending member every 120000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let me = makeMe({ accountType: 'community_only', applicationStatus: 'pending' });
    const fetchMock = mockApi({ 'GET /api/me': () => json(me) });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    const meCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/me').length;
    expect(meCalls()).toBe(1);
    me = makeMe();
    await act(() => vi.advanceTimersByTimeAsync(119_000));
    expect(meCalls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(meCalls()).toBe(2);
    // Approved: full_platform now, the side menu grows and the polling stops.
    expect(await screen.findByRole('link', { name: 'People' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(240_000));
    expect(meCalls()).toBe(2);
  });
});
