/* eslint-disable bayclub/no-bare-text -- a test harness: its texts are read by tests only, never by a member. */
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import type { DataExportView, LimitedUserFlags, OwnProfileView, PayoutAccountView } from '@bayclub/shared';
import { Providers } from '#/app/providers';
import { useMe } from '#/lib/session/use-session';
import { sessionStore } from '#/lib/session/session-store';
import { createQueryClient } from '#/lib/query-client';
import { makeFlags, makeMe } from '#/test/fixtures';
import { json, mockApi, signedInAs, type Handler } from '#/test/render-app';
import { SettingsModal, type SettingsSection } from './settings-modal';

function Harness({ initialSection }: { initialSection?: SettingsSection }) {
  const [open, setOpen] = useState(true);
  const me = useMe();
  if (!me) return <p>Loading member</p>;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open settings
      </button>
      <SettingsModal open={open} onOpenChange={setOpen} initialSection={initialSection} />
    </>
  );
}

export const NO_PAYOUT_ACCOUNT: PayoutAccountView = {
  state: 'none',
  country: null,
  currency: null,
  chargesEnabled: false,
  payoutsEnabled: false,
  detailsSubmitted: false,
  requirementsDue: [],
};

export const NO_DATA_EXPORT: DataExportView = { status: 'none', requestedAt: null, readyAt: null, expiresAt: null, sizeBytes: null, nextRequestAt: null };

export interface RenderSettingsOptions {
  profile?: Partial<OwnProfileView>;
  flags?: Partial<LimitedUserFlags>;
  handlers?: Record<string, Handler>;
  initialSection?: SettingsSection;
  /** Options for userEvent.setup (e.g. advanceTimers with fake timers). */
  user?: Parameters<typeof userEvent.setup>[0];
}

/**
 * The Settings modal, open, for a signed-in member, inside the real providers and a router whose '/' says
 * 'Home page'. Fetch is mocked with `handlers` on top of mockApi's defaults.
 */
export async function renderSettings({ profile = {}, flags, handlers = {}, initialSection, user: userOptions }: RenderSettingsOptions = {}) {
  const me = makeMe(profile);
  const fetchMock = mockApi({
    ...signedInAs(me),
    // No payout account and no payments unless a test says otherwise (Earnings and Memberships read them).
    'GET /api/payments/payout-account': () => json(NO_PAYOUT_ACCOUNT),
    'GET /api/payments': () => json({ items: [], nextCursor: null }),
    'GET /api/account/export': () => json(NO_DATA_EXPORT),
    ...(flags ? { 'GET /api/permissions': () => json({ flags: makeFlags(flags) }) } : {}),
    ...handlers,
  });
  sessionStore.reset();
  // sonner replays still-active toasts to a new Toaster: a toast of the previous test would show again.
  toast.dismiss();
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/profile', element: <Harness initialSection={initialSection} /> },
    ],
    { initialEntries: ['/profile'] },
  );
  const user = userEvent.setup(userOptions);
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  const dialog = within(await screen.findByRole('dialog', { name: 'Settings' }));
  return { user, dialog, fetchMock, queryClient, router, me };
}

export const saveButton = () => screen.getByRole('button', { name: /^(Save Settings|Saving\.\.\.)$/ });
