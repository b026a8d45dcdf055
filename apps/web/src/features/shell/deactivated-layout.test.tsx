import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES, PROFILE_VIEW_MESSAGES } from '@bayclub/shared';
import { realtime } from '#/lib/realtime/realtime-client';
import { PAUSED_TITLE } from '#/features/profile/message-tab';
import { json, mockApi, renderApp } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { OWN_ID } from '#/features/gallery/gallery-fixtures';

/** Whole-app renders can take a few seconds while other test files run. */
const LOAD = { timeout: 5000 };

/** A deactivated member who signed in; POST /api/account/reactivate brings them back. */
function deactivatedApi() {
  const state = { deactivated: true, reactivations: 0 };
  const fetchMock = mockApi({
    'GET /api/me': () => json(makeMe({ isDeactivated: state.deactivated })),
    [`GET /api/profiles/${OWN_ID}/images`]: () => json({ items: [] }),
    'POST /api/account/reactivate': () => {
      state.reactivations += 1;
      state.deactivated = false;
      return json({ success: true, message: ACCOUNT_MESSAGES.reactivated });
    },
  });
  return { state, fetchMock };
}

const menuLinks = () => [...screen.getByTestId('side-menu').querySelectorAll('[data-slot=sidebar-content] a')].map((a) => a.textContent);

describe('a deactivated member who signed in', () => {
  it.each(['/', '/login', '/inbox', '/say-hi', '/connections', '/admin', '/someone'])('%s goes to /profile', async (path) => {
    deactivatedApi();
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'), LOAD);
  });

  it('sees the banner, a menu with Profile only, no bottom tabs, and no socket', async () => {
    const { fetchMock } = deactivatedApi();
    renderApp('/profile');
    const banner = await screen.findByRole('status', { name: PROFILE_VIEW_MESSAGES.deactivatedTitle }, LOAD);
    expect(within(banner).getByText(PROFILE_VIEW_MESSAGES.deactivatedText)).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Reactivate Account' })).toBeEnabled();
    expect(menuLinks()).toEqual(['Profile']);
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.queryByTestId('bottom-tabs')).not.toBeInTheDocument();
    expect(realtime.status).toBe('idle');
    // Nothing the server would refuse is asked for.
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked.some((url) => /\/api\/(conversations|messages|say-hi|matches|hellos|blocks)/.test(url))).toBe(false);
  });

  it('has a paused Messages tab instead of an inbox that would fail', async () => {
    deactivatedApi();
    const user = userEvent.setup();
    renderApp('/profile');
    await screen.findByRole('status', { name: PROFILE_VIEW_MESSAGES.deactivatedTitle }, LOAD);
    await user.click(screen.getByRole('tab', { name: 'Messages' }));
    expect(await screen.findByRole('heading', { name: PAUSED_TITLE })).toBeInTheDocument();
  });

  it('reactivates with one press in the banner: the whole club opens without a reload', async () => {
    const { state } = deactivatedApi();
    const user = userEvent.setup();
    renderApp('/profile');
    const banner = await screen.findByRole('status', { name: PROFILE_VIEW_MESSAGES.deactivatedTitle }, LOAD);
    await user.click(within(banner).getByRole('button', { name: 'Reactivate Account' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.reactivated)).toBeInTheDocument();
    expect(state.reactivations).toBe(1);
    await waitFor(() => expect(screen.queryByText(PROFILE_VIEW_MESSAGES.deactivatedTitle)).not.toBeInTheDocument());
    await waitFor(() => expect(menuLinks()).toContain('People'));
  });
});
