import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { LimitedUserFlags, MeView } from '@bayclub/shared';
import { json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeFlags, makeMe } from '#/test/fixtures';
import { formatBadgeCount } from '#/lib/format';
import { realtime } from '#/lib/realtime/realtime-client';

vi.mock('#/features/profile/profile-page', async () => ({ ProfilePage: (await import('#/test/mock-pages')).ProfilePage }));

const ALL_OFF = makeFlags({
  see_connections_nav: false,
  see_communities_nav: false,
  see_locations_nav: false,
  see_profile_nav: false,
});

async function tabNames(me: MeView, flags: LimitedUserFlags, extra = {}) {
  mockApi({ ...signedInAs(me), 'GET /api/permissions': () => json({ flags }), ...extra });
  renderApp('/profile');
  const tabs = await screen.findByTestId('bottom-tabs');
  return within(tabs)
    .getAllByRole('link')
    .map((a) => a.textContent);
}

describe('bottom tabs', () => {
  it('shows every tab to full_platform members, whatever the flags, and Admin to admins', async () => {
    expect(await tabNames(makeMe({}, { isAdmin: true }), ALL_OFF)).toEqual([
      'Connect',
      'Community',
      'Locations',
      'Profile',
      'Admin',
    ]);
    const tabs = screen.getByTestId('bottom-tabs');
    expect(within(tabs).getByRole('link', { name: 'Connect' })).toHaveAttribute('href', '/connections');
    expect(within(tabs).getByRole('link', { name: 'Community' })).toHaveAttribute('href', '/groups');
    expect(within(tabs).getByRole('link', { name: 'Locations' })).toHaveAttribute('href', '/locations');
    expect(within(tabs).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(tabs).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin-dashboard');
  });

  it('hides Admin from members who are not admins', async () => {
    expect(await tabNames(makeMe(), ALL_OFF)).toEqual(['Connect', 'Community', 'Locations', 'Profile']);
  });

  it('shows limited members the default tabs: Connect is off, and Locations while no place is open to them (issue 21)', async () => {
    // The defaults: see_locations_nav on, but view_locations, manage_locations and checkin_locations off: the
    // page would only say "Locations are not available for your account".
    expect(await tabNames(makeMe({ accountType: 'community_only' }), makeFlags())).toEqual(['Community', 'Profile']);
  });

  it.each([['view_locations'], ['manage_locations'], ['checkin_locations']] as const)(
    'shows a limited member Locations once %s gives its page something for them',
    async (flag) => {
      expect(await tabNames(makeMe({ accountType: 'community_only' }), makeFlags({ [flag]: true }))).toEqual(['Community', 'Locations', 'Profile']);
    },
  );

  it('never shows a pending applicant Locations, whatever the flags (the server refuses them every place)', async () => {
    const me = makeMe({ accountType: 'community_only', applicationStatus: 'pending' });
    const on = makeFlags({ see_locations_nav: true, view_locations: true, checkin_locations: true, manage_locations: true });
    expect(await tabNames(me, on)).not.toContain('Locations');
  });

  it.each([
    ['see_connections_nav', 'Connect'],
    ['see_communities_nav', 'Community'],
    ['see_profile_nav', 'Profile'],
  ] as const)('shows a pending member only the tab whose flag is on: %s', async (flag, tab) => {
    const me = makeMe({ accountType: 'community_only', applicationStatus: 'pending' });
    expect(await tabNames(me, { ...ALL_OFF, [flag]: true, see_profile_nav: flag === 'see_profile_nav' })).toEqual([tab]);
  });

  it('shows a rejected applicant only Profile, whatever the flags (decision 009)', async () => {
    const me = makeMe({ accountType: 'community_only', applicationStatus: 'rejected' });
    const allOn = makeFlags({ see_connections_nav: true, see_feed_nav: true });
    expect(await tabNames(me, allOn)).toEqual(['Profile']);
  });

  it('is hidden for members who are neither full_platform, limited nor pending', async () => {
    mockApi(signedInAs(makeMe({ isDeactivated: true })));
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(screen.queryByTestId('bottom-tabs')).not.toBeInTheDocument();
  });

  it("shows the unread count on Profile, '99+' above 99, with the picture", async () => {
    await tabNames(makeMe({ profilePictureUrl: '/uploads/me.jpg' }), ALL_OFF, {
      'GET /api/notifications/unread-count': () => json({ count: 120 }),
    });
    const profile = within(screen.getByTestId('bottom-tabs')).getByRole('link', { name: 'Profile' });
    expect(await within(profile).findByText('99+')).toBeInTheDocument();
    expect(profile).toHaveAccessibleDescription('99+ unread notifications');
  });

  it('shows the exact count up to 99 and nothing for 0', async () => {
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
    await tabNames(makeMe(), ALL_OFF, { 'GET /api/notifications/unread-count': () => json({ count: 0 }) });
    // The count has arrived (0), so the missing badge is not just "still loading".
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([url]) => url === '/api/notifications/unread-count')).toBe(true));
    const profile = within(screen.getByTestId('bottom-tabs')).getByRole('link', { name: 'Profile' });
    expect(profile.querySelector('[data-slot="count-badge"]')).toBeNull();
    expect(profile).not.toHaveAccessibleDescription();
  });

  it('follows the unread count pushed by the socket', async () => {
    await tabNames(makeMe(), ALL_OFF, { 'GET /api/notifications/unread-count': () => json({ count: 2 }) });
    const profile = within(screen.getByTestId('bottom-tabs')).getByRole('link', { name: 'Profile' });
    expect(await within(profile).findByText('2')).toBeInTheDocument();
    act(() => realtime.emitForTest({ type: 'unread', messages: 0, notifications: 5 }));
    expect(await within(profile).findByText('5')).toBeInTheDocument();
    expect(profile).toHaveAccessibleDescription('5 unread notifications');
  });
});
