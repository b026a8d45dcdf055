import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { json, mockApi, renderApp, signedInAs, apiError } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { DEFAULT_LIMITED_USER_FLAGS } from '@bayclub/shared';

vi.mock('#/features/landing/landing-page', async () => ({ LandingPage: (await import('#/test/mock-pages')).LandingPage }));
vi.mock('#/features/admin/admin-page', async () => ({ AdminPage: (await import('#/test/mock-pages')).AdminPage }));
vi.mock('#/features/setup/setup-page', async () => ({ SetupPage: (await import('#/test/mock-pages')).SetupPage }));
vi.mock('#/features/profile/profile-page', async () => ({ ProfilePage: (await import('#/test/mock-pages')).ProfilePage }));

const full = makeMe();
const admin = makeMe({}, { isAdmin: true, roles: ['admin'] });
const limited = makeMe({ accountType: 'community_only', applicationStatus: 'approved' });
const pending = makeMe({ accountType: 'community_only', applicationStatus: 'pending' });
const rejected = makeMe({ accountType: 'community_only', applicationStatus: 'rejected' });
const unclear = makeMe(null);

async function landsOn(path: string, expected: string, hash = '') {
  const { router } = renderApp(path);
  await waitFor(() => expect(router.state.location.pathname).toBe(expected));
  expect(router.state.location.hash).toBe(hash);
  return router;
}

describe('signed-out visitors', () => {
  it.each([
    ['/profile', '/'],
    ['/register', '/', '#apply'],
  ])('%s goes to %s', async (from, to, hash = '') => {
    mockApi();
    await landsOn(from, to, hash);
  });

  it('/{slug}/login goes to sign in, remembering the address to land on afterwards', async () => {
    mockApi();
    const router = await landsOn('/book-club/login', '/login');
    expect(router.state.location.state).toEqual({ from: '/book-club' });
  });

  it('shows the landing page and the top menu on /', async () => {
    mockApi();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Apply', '/'],
      ['Sign In', '/login'],
      ['Events', '/events'],
      ['Communities', '/communities'],
    ]) {
      expect(menu.querySelector(`a[href="${href}"]`)).toHaveTextContent(name!);
    }
    expect(screen.getByRole('button', { name: 'Light Mode' })).toBeInTheDocument();
    expect(screen.queryByTestId('side-menu')).not.toBeInTheDocument();
    expect(screen.queryByTestId('bottom-tabs')).not.toBeInTheDocument();
  });

  it.each(['/auth', '/login'])('%s shows the sign-in page', async (path) => {
    mockApi();
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it.each([
    ['/events', 'Events'],
    // An unknown event id: the event page's not-found state (issue 11).
    ['/events/42', 'This event is not available'],
    ['/communities', 'Communities'],
    ['/get-app', 'Get the App'],
    ['/terms-of-service', 'Terms of Service'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/delete-data', 'Delete your data'],
    ['/setup', 'Setup page'],
    ['/reset-password', 'Reset your password'],
  ])('%s shows %s', async (path, title) => {
    mockApi();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('shows the not-found page for deeper unknown paths and unknown slugs', async () => {
    mockApi();
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  });

  it('sends a known username to sign in first, remembering the profile', async () => {
    mockApi({ 'GET /api/slugs/sam': () => json({ kind: 'user', id: 'u-1', username: 'sam' }) });
    const router = await landsOn('/sam', '/login');
    expect(router.state.location.state).toEqual({ from: '/view-profile/u-1' });
  });
});

describe('full_platform members', () => {
  it.each([
    ['/', '/community'],
    ['/login', '/community'],
    ['/auth', '/community'],
    ['/register', '/community'],
  ])('%s goes to %s', async (from, to) => {
    mockApi(signedInAs(full));
    await landsOn(from, to);
  });

  it('resolves /{slug} for a user and /c/{slug} for a community', async () => {
    mockApi({
      ...signedInAs(full),
      'GET /api/slugs/alice': () => json({ kind: 'user', id: 'u-9', username: 'alice' }),
      'GET /api/slugs/book-club': () => json({ kind: 'community', id: 'c-3', name: 'Book Club', urlSlug: 'book-club' }),
    });
    await landsOn('/alice', '/view-profile/u-9');
    await landsOn('/c/book-club', '/community/c-3');
  });

  it('shows the not-found page for an unknown slug', async () => {
    mockApi({ ...signedInAs(full), 'GET /api/slugs/nobody': () => apiError(404, 'NOT_FOUND', 'Not found') });
    renderApp('/nobody');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it.each(['/admin', '/admin-dashboard', '/crm'])('hides %s from members without the role', async (path) => {
    mockApi(signedInAs(full));
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it.each(['/admin', '/admin-dashboard'])('shows %s to admins', async (path) => {
    mockApi(signedInAs(admin));
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Admin page' })).toBeInTheDocument();
  });

  it.each([
    ['/community', 'Home'],
    ['/connections', 'Connections'],
    ['/user-directory', 'People'],
    ['/inbox', 'Messages'],
    ['/chat/abc', 'This conversation is not available'],
    ['/say-hi', 'Say Hi'],
    ['/view-profile/u-1', 'No user profile available'],
    ['/profile', 'Profile page'],
  ])('%s shows %s inside one <main>', async (path, title) => {
    mockApi(signedInAs(full));
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('once signed in, /login goes where the sign-in was headed: the route table can swap before the form navigates', async () => {
    mockApi(signedInAs(makeMe()));
    const { router } = renderApp({ pathname: '/login', state: { from: '/profile' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('shows the full side menu, with CRM only for CRM members', async () => {
    mockApi(signedInAs(makeMe({}, { isAdmin: true, hasCrmAccess: true })));
    renderApp('/community');
    const menu = await screen.findByTestId('side-menu');
    const names = [...menu.querySelectorAll('[data-slot=sidebar-content] a')].map((a) => a.textContent);
    expect(names).toEqual(['Home', 'Profile', 'People', 'Events', 'Locations', 'Messages', 'Connections', 'Say Hi', 'Admin', 'CRM']);
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CRM' })).toHaveAttribute('href', '/crm');
  });
});

describe('community_only members', () => {
  it.each(['/', '/auth', '/login', '/register'])('%s goes to /profile', async (from) => {
    mockApi(signedInAs(limited));
    await landsOn(from, '/profile');
  });

  it.each(['/groups', '/events', '/locations', '/community/c-1', '/privacy-policy'])('%s is open to them', async (path) => {
    mockApi(signedInAs(pending));
    const router = await landsOn(path, path);
    expect(router.state.location.pathname).toBe(path);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('sends full-platform-only paths through the slug handler', async () => {
    const fetchMock = mockApi(signedInAs(limited));
    renderApp('/inbox');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/slugs/inbox')).toBe(true);
  });

  it('shows Profile in the side menu, and Home only with see_feed_nav (decision 006)', async () => {
    mockApi(signedInAs(limited));
    renderApp('/profile');
    const menu = await screen.findByTestId('side-menu');
    await waitFor(() =>
      expect([...menu.querySelectorAll('[data-slot=sidebar-content] a')].map((a) => a.textContent)).toEqual(['Profile']),
    );
  });

  it('with see_feed_nav on, shows Home and Profile and opens /community', async () => {
    mockApi({
      ...signedInAs(limited),
      'GET /api/permissions': () => json({ flags: { ...DEFAULT_LIMITED_USER_FLAGS, see_feed_nav: true } }),
    });
    renderApp('/community');
    const menu = await screen.findByTestId('side-menu');
    await waitFor(() =>
      expect([...menu.querySelectorAll('[data-slot=sidebar-content] a')].map((a) => a.textContent)).toEqual(['Home', 'Profile']),
    );
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
  });

  it('a rejected applicant gets Profile only, and no flag opens /community (decision 009)', async () => {
    mockApi({
      ...signedInAs(rejected),
      'GET /api/permissions': () => json({ flags: { ...DEFAULT_LIMITED_USER_FLAGS, see_feed_nav: true, see_connections_nav: true } }),
    });
    renderApp('/community');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    const menu = await screen.findByTestId('side-menu');
    await waitFor(() =>
      expect([...menu.querySelectorAll('[data-slot=sidebar-content] a')].map((a) => a.textContent)).toEqual(['Profile']),
    );
  });

  it('without see_feed_nav, /community is not found', async () => {
    mockApi(signedInAs(limited));
    renderApp('/community');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});

describe('members of unclear type', () => {
  it.each(['/login', '/register', '/auth'])('%s goes to /profile', async (from) => {
    mockApi(signedInAs(unclear));
    await landsOn(from, '/profile');
  });

  it('gets the full_platform layout', async () => {
    mockApi(signedInAs(unclear));
    await landsOn('/', '/community');
    const menu = await screen.findByTestId('side-menu');
    expect(menu.querySelectorAll('[data-slot=sidebar-content] a')).toHaveLength(8);
    expect(screen.queryByTestId('bottom-tabs')).not.toBeInTheDocument();
  });
});
