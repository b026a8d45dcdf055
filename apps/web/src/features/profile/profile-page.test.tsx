import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROFILE_VIEW_MESSAGES } from '@bayclub/shared';
import { apiError, json, mockApi, never, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { OWN_ID } from '#/features/gallery/gallery-fixtures';
import { MESSAGING_MESSAGES } from '@bayclub/shared';
import { SHARE_MESSAGES, profileShareUrl } from './share-profile-button';

/** Whole-app renders can take a few seconds while other test files run. */
const LOAD = { timeout: 5000 };

const noPhotos: Record<string, Handler> = { [`GET /api/profiles/${OWN_ID}/images`]: () => json({ items: [] }) };

function ownProfileApi(me = makeMe(), extra: Record<string, Handler> = {}) {
  return mockApi({ ...signedInAs(me), ...noPhotos, ...extra });
}

async function openProfile() {
  const utils = renderApp('/profile');
  await screen.findByRole('heading', { level: 1 }, LOAD);
  return utils;
}

const navigatorRestores: Array<() => void> = [];

/** Replace navigator properties for one test (user-event's clipboard stub comes back afterwards). */
function stubNavigator(props: Record<string, unknown>) {
  for (const [key, value] of Object.entries(props)) {
    const own = Object.getOwnPropertyDescriptor(navigator, key);
    Object.defineProperty(navigator, key, { value, configurable: true, writable: true });
    navigatorRestores.push(() => {
      if (own) Object.defineProperty(navigator, key, own);
      else delete (navigator as unknown as Record<string, unknown>)[key];
    });
  }
}

afterEach(() => {
  navigatorRestores.splice(0).reverse().forEach((restore) => restore());
});

describe('own profile header', () => {
  it('shows the member with labels, not codes', async () => {
    ownProfileApi(
      makeMe({
        fullName: 'Sam Rivera',
        username: 'sam',
        city: 'st_pete',
        age: 31,
        relationshipStatus: 'in_relationship',
        bio: 'Paddleboarding at sunrise.',
        interests: ['Yoga', 'Beach'],
        isVerified: true,
      }),
    );
    renderApp('/profile');
    const heading = await screen.findByRole('heading', { level: 1, name: /Sam Rivera/ }, LOAD);
    expect(heading).toHaveTextContent(PROFILE_VIEW_MESSAGES.verified);
    const main = within(screen.getByRole('main'));
    for (const text of ['@sam', 'St Pete', '31', 'In Relationship', 'Paddleboarding at sunrise.', 'Yoga', 'Beach', 'Full platform member']) {
      expect(main.getByText(text)).toBeInTheDocument();
    }
    expect(main.getByText('Paddleboarding at sunrise.')).toHaveClass('line-clamp-3');
    expect(screen.queryByText('Your application is under review')).not.toBeInTheDocument();
  });

  it('shows nothing for a relationship status of not_specified', async () => {
    ownProfileApi(makeMe({ relationshipStatus: 'not_specified' }));
    await openProfile();
    expect(screen.queryByText('Relationship status')).not.toBeInTheDocument();
    expect(screen.queryByText(/not.specified/i)).not.toBeInTheDocument();
  });

  it("shows the 'Verified account' tooltip on the badge", async () => {
    ownProfileApi(makeMe({ isVerified: true }));
    await openProfile();
    const badge = screen.getByTestId('verified-badge');
    act(() => badge.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent(PROFILE_VIEW_MESSAGES.verified);
  });

  it('uses the badge image from the settings when there is one, and no badge for unverified members', async () => {
    ownProfileApi(makeMe({ isVerified: true }), {
      'GET /api/settings/public': () => json({ app_name: 'Bay Club', verification_badge_url: '/media/app-assets/badge.png' }),
    });
    await openProfile();
    expect(await screen.findByTestId('verified-badge').then((b) => b.querySelector('img'))).toHaveAttribute(
      'src',
      '/media/app-assets/badge.png',
    );
  });

  it('has no verified badge when the member is not verified', async () => {
    ownProfileApi(makeMe({ isVerified: false }));
    await openProfile();
    expect(screen.queryByTestId('verified-badge')).not.toBeInTheDocument();
  });

  it('links only the social profiles that are set, in a new tab, with the LinkedIn rule', async () => {
    ownProfileApi(
      makeMe({ instagramUsername: 'sam.r', linkedinUsername: 'https://www.linkedin.com/in/sam-rivera/', youtubeUsername: 'samvlogs' }),
    );
    await openProfile();
    const instagram = screen.getByRole('link', { name: 'Instagram profile' });
    expect(instagram).toHaveAttribute('href', 'https://www.instagram.com/sam.r/');
    expect(instagram).toHaveAttribute('target', '_blank');
    expect(instagram).toHaveAttribute('rel', 'noopener noreferrer');
    // A value containing the network's domain opens as is.
    expect(screen.getByRole('link', { name: 'LinkedIn profile' })).toHaveAttribute('href', 'https://www.linkedin.com/in/sam-rivera/');
    expect(screen.getByRole('link', { name: 'YouTube profile' })).toHaveAttribute('href', 'https://www.youtube.com/@samvlogs');
    expect(screen.queryByRole('link', { name: 'TikTok profile' })).not.toBeInTheDocument();
  });

  it('treats a LinkedIn value without the domain as a profile name', async () => {
    ownProfileApi(makeMe({ linkedinUsername: 'sam-rivera', tiktokUsername: 'samr' }));
    await openProfile();
    expect(screen.getByRole('link', { name: 'LinkedIn profile' })).toHaveAttribute('href', 'https://www.linkedin.com/in/sam-rivera');
    expect(screen.getByRole('link', { name: 'TikTok profile' })).toHaveAttribute('href', 'https://www.tiktok.com/@samr');
    expect(screen.queryByRole('link', { name: 'Instagram profile' })).not.toBeInTheDocument();
  });
});

describe('avatar', () => {
  it('retries twice with a cache-busting parameter, then shows the placeholder', async () => {
    ownProfileApi(makeMe({ profilePictureUrl: `/media/profile-pictures/${OWN_ID}/profile.webp?v=3` }));
    await openProfile();
    const avatar = () => screen.getByRole('img', { name: 'Profile picture of Sam Rivera' });
    expect(avatar()).toHaveAttribute('src', `/media/profile-pictures/${OWN_ID}/profile-480.webp?v=3`);
    fireEvent.error(avatar());
    expect(avatar()).toHaveAttribute('src', `/media/profile-pictures/${OWN_ID}/profile-480.webp?v=3&retry=1`);
    fireEvent.error(avatar());
    expect(avatar()).toHaveAttribute('src', `/media/profile-pictures/${OWN_ID}/profile-480.webp?v=3&retry=2`);
    fireEvent.error(avatar());
    expect(screen.queryByRole('img', { name: 'Profile picture of Sam Rivera' })).not.toBeInTheDocument();
    expect(screen.getByTestId('avatar-placeholder')).toBeInTheDocument();
  });

  it('shows the placeholder when there is no picture', async () => {
    ownProfileApi(makeMe({ profilePictureUrl: null }));
    await openProfile();
    expect(screen.getByTestId('avatar-placeholder')).toBeInTheDocument();
  });
});

describe('application status and deactivation', () => {
  it('tells a pending applicant that the application is under review', async () => {
    ownProfileApi(makeMe({ accountType: 'community_only', applicationStatus: 'pending', createdAt: '2025-03-01T12:00:00.000Z' }));
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Your application is under review' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText(/An admin will review your application/)).toBeInTheDocument();
    expect(screen.getByText('Applied on March 1, 2025')).toBeInTheDocument();
  });

  it('is honest about a rejected application', async () => {
    ownProfileApi(makeMe({ accountType: 'community_only', applicationStatus: 'rejected' }));
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Your application was not approved' }, LOAD)).toBeInTheDocument();
    // A rejected applicant keeps their account and nothing else (decision 009): no promise of community access.
    expect(screen.getByText(/You keep your account and can delete it at any time in Settings/)).toBeInTheDocument();
    expect(screen.queryByText(/open to community members/)).not.toBeInTheDocument();
  });

  it('shows the deactivated banner', async () => {
    ownProfileApi(makeMe({ isDeactivated: true }));
    renderApp('/profile');
    expect(await screen.findByText(PROFILE_VIEW_MESSAGES.deactivatedTitle, {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText(PROFILE_VIEW_MESSAGES.deactivatedText)).toBeInTheDocument();
  });
});

describe('share', () => {
  it('links a username taken before it became reserved by id, since /{username} opens an app page', () => {
    expect(profileShareUrl({ id: 'abc', username: 'ana' }, 'https://club.test')).toBe('https://club.test/ana');
    expect(profileShareUrl({ id: 'abc', username: 'events' }, 'https://club.test')).toBe('https://club.test/view-profile/abc');
    expect(profileShareUrl({ id: 'abc', username: null }, 'https://club.test')).toBe('https://club.test/view-profile/abc');
  });

  it("copies the profile link and says 'Profile link copied'", async () => {
    ownProfileApi(makeMe({ username: 'sam' }));
    const user = userEvent.setup();
    await openProfile();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText(SHARE_MESSAGES.copied)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/sam`);
  });

  it('links by id when there is no username, and falls back to the share sheet', async () => {
    ownProfileApi(makeMe({ username: null }));
    const user = userEvent.setup();
    const share = vi.fn(() => Promise.resolve());
    stubNavigator({ clipboard: undefined, share });
    await openProfile();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: 'Sam Rivera', url: `${window.location.origin}/view-profile/${OWN_ID}` });
  });

  it('says so when neither the clipboard nor the share sheet is available', async () => {
    ownProfileApi(makeMe());
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.reject(new Error('denied')));
    stubNavigator({ clipboard: { writeText }, share: undefined });
    await openProfile();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText(SHARE_MESSAGES.failed)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalled();
  });
});

describe('settings menu', () => {
  it('offers Search, Notifications with the unread count, Profile Settings and Sign Out', async () => {
    ownProfileApi(makeMe(), {
      'GET /api/notifications/unread-count': () => json({ count: 150 }),
      'GET /api/notifications': () =>
        json({
          items: [
            {
              id: '10000000-0000-4000-8000-00000000aaaa',
              type: 'other',
              title: 'Welcome to the club',
              message: 'Your application was approved',
              relatedId: null,
              readAt: null,
              createdAt: new Date().toISOString(),
              href: null,
            },
          ],
          nextCursor: null,
        }),
    });
    const user = userEvent.setup();
    await openProfile();
    const trigger = screen.getByRole('button', { name: 'Settings' });
    expect(await within(trigger).findByText('99+')).toBeInTheDocument();
    await user.click(trigger);
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Search', 'Notifications, 99+ unread99+', 'Profile Settings', 'Sign Out']);

    // The Notifications item opens the notifications panel (features/notifications has its own tests).
    await user.click(screen.getByRole('menuitem', { name: /Notifications/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('Welcome to the club')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Mark all read' })).toBeEnabled();
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('opens global search (focus back on Settings when it closes) and the Settings modal', async () => {
    ownProfileApi();
    const user = userEvent.setup();
    await openProfile();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await user.click(screen.getByRole('menuitem', { name: 'Search' }));
    const search = await screen.findByRole('dialog', { name: 'Search' });
    expect(within(search).getByRole('combobox', { name: 'Search' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Settings' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await user.click(screen.getByRole('menuitem', { name: 'Profile Settings' }));
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
  });

  it("signs out with 'Signing out...'", async () => {
    ownProfileApi(makeMe(), { 'POST /api/session/sign-out': never });
    const user = userEvent.setup();
    await openProfile();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findAllByText('Signing out...')).not.toHaveLength(0);
  });
});

describe('tabs', () => {
  it('shows Photos first, and Messages shows the inbox', async () => {
    ownProfileApi(makeMe(), { 'GET /api/conversations': () => json({ items: [], nextCursor: null }) });
    const user = userEvent.setup();
    await openProfile();
    expect(screen.getByRole('tab', { name: 'Photos' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Messages' }));
    expect(await screen.findByText(MESSAGING_MESSAGES.noConversations)).toBeInTheDocument();
  });

  it("tells community members that messaging is not available", async () => {
    ownProfileApi(makeMe({ accountType: 'community_only', applicationStatus: 'approved' }));
    const user = userEvent.setup();
    await openProfile();
    await user.click(screen.getByRole('tab', { name: 'Messages' }));
    expect(screen.getByRole('heading', { name: MESSAGING_MESSAGES.notAvailableTitle })).toBeInTheDocument();
    expect(screen.getByText(MESSAGING_MESSAGES.notAvailableBody)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open inbox' })).not.toBeInTheDocument();
  });

  it('says when the account has no profile', async () => {
    mockApi(signedInAs(makeMe(null)));
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: PROFILE_VIEW_MESSAGES.noProfile }, LOAD)).toBeInTheDocument();
  });
});

describe('errors', () => {
  it('shows an error with Try again when the photos cannot be loaded', async () => {
    ownProfileApi(makeMe(), { [`GET /api/profiles/${OWN_ID}/images`]: () => apiError(403, 'FORBIDDEN', 'Not allowed') });
    await openProfile();
    expect(await screen.findByText('Could not load photos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
