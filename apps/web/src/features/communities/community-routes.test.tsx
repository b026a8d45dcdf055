import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { makeCommunity } from './community-fixtures';

vi.mock('#/features/posts/community-posts', () => ({ CommunityPosts: () => null, ReportedPosts: () => null }));

const LOAD = { timeout: 5000 };
const BOOK_CLUB = makeCommunity({ name: 'Book Club', urlSlug: 'book-club', viewer: null, coverUrl: '/media/post-images/communities/c/1-cover.webp' });

const slugApi: Record<string, Handler> = {
  'GET /api/slugs/book-club': () => json({ kind: 'community', id: BOOK_CLUB.id, name: 'Book Club', urlSlug: 'book-club' }),
  'GET /api/slugs/sam': () => json({ kind: 'user', id: 'u-1', username: 'sam' }),
  [`GET /api/communities/${BOOK_CLUB.id}`]: () => json(BOOK_CLUB),
};

describe('community addresses', () => {
  it('a visitor at /{slug} sees the community (not the sign-in page)', async () => {
    mockApi(slugApi);
    const { router } = renderApp('/book-club');
    expect(await screen.findByRole('heading', { level: 1, name: 'Book Club' }, LOAD)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/community/${BOOK_CLUB.id}`);
    expect(screen.getByRole('link', { name: 'Apply to join' })).toHaveAttribute('href', '/book-club/register');
  });

  it('a visitor at /c/{slug} lands on the community too', async () => {
    mockApi(slugApi);
    const { router } = renderApp('/c/book-club');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/community/${BOOK_CLUB.id}`), LOAD);
  });

  it('usernames still ask visitors to sign in first', async () => {
    mockApi(slugApi);
    const { router } = renderApp('/sam');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), LOAD);
    expect(router.state.location.state).toEqual({ from: '/view-profile/u-1' });
  });

  it('/{slug}/register is the Apply form branded with the community, and sends communitySlug', async () => {
    let body: Record<string, unknown> | undefined;
    mockApi({
      ...slugApi,
      'GET /api/usernames/availability': ({ url }) =>
        json({ username: new URL(url, 'http://localhost').searchParams.get('username'), available: true }),
      'POST /api/applications': (req) => {
        body = req.body as Record<string, unknown>;
        return json({ applicationId: 'a-1' }, 201);
      },
    });
    const user = userEvent.setup();
    renderApp('/book-club/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Book Club' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover image of Book Club' })).toHaveAttribute(
      'src',
      '/media/post-images/communities/c/1-cover.webp',
    );
    await user.type(screen.getByLabelText('Name'), 'Jamie Lee');
    await user.type(screen.getByLabelText('Email'), 'jamie@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Username'), 'jamie_lee');
    await user.selectOptions(screen.getByLabelText('Age'), '29');
    await user.selectOptions(screen.getByLabelText('City'), 'st_pete');
    await user.click(screen.getByRole('button', { name: 'Apply for Membership' }));
    await waitFor(() => expect(body).toBeDefined(), LOAD);
    expect(body).toMatchObject({ communitySlug: 'book-club', email: 'jamie@example.com' });
  });

  it('an applicant signed in at /{slug}/register goes to their profile (the application is in), not to the community', async () => {
    // Applying through /{slug}/register signs the applicant in on that very address; the apply form then opens
    // /profile, but the signed-in route for the address raced it and took them to the community's About page.
    mockApi({ ...slugApi, ...signedInAs(makeMe({ accountType: 'community_only', applicationStatus: 'pending' })) });
    const { router } = renderApp('/book-club/register');
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'), LOAD);
    expect(visited).not.toContain('/book-club');
  });

  it('/{slug}/register for a username is not found', async () => {
    mockApi(slugApi);
    renderApp('/sam/register');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, LOAD)).toBeInTheDocument();
  });

  it.each(['/book-club/login', '/book-club/register'])('a signed-in member at %s goes to the community', async (path) => {
    mockApi({ ...slugApi, ...signedInAs(makeMe()) });
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/community/${BOOK_CLUB.id}`), LOAD);
  });
});
