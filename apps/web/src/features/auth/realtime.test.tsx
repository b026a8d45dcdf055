import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { MeView } from '@bayclub/shared';
import { realtime } from '#/lib/realtime/realtime-client';
import { json, mockApi, renderApp } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { OWN_ID } from '#/features/gallery/gallery-fixtures';

/** Whole-app renders can take a few seconds while other test files run. */
const LOAD = { timeout: 5000 };

const pending = makeMe({ accountType: 'community_only', applicationStatus: 'pending' });
const approved = makeMe({ accountType: 'full_platform', applicationStatus: 'approved' });

/** The server's member, as the test changes it; every /api/me call is counted. */
function memberApi(initial: MeView) {
  const state = { me: initial, meCalls: 0 };
  mockApi({
    'GET /api/me': () => {
      state.meCalls += 1;
      return json(state.me);
    },
    'GET /api/auth/get-session': () => json({ session: { id: 's' }, user: { id: 'u' } }),
    [`GET /api/profiles/${OWN_ID}/images`]: () => json({ items: [] }),
  });
  return state;
}

const emit = (event: Parameters<typeof realtime.emitForTest>[0]) => act(() => realtime.emitForTest(event));

describe('session events from the socket', () => {
  it("switches a pending member's page to the full platform at once when the application is approved", async () => {
    const server = memberApi(pending);
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Your application is under review' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'People' })).not.toBeInTheDocument();

    server.me = approved;
    emit({ type: 'session' });
    // No reload and no 2-minute poll: the card goes and the full side menu appears.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Your application is under review' })).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: 'People' })).toBeInTheDocument();
    expect(screen.getByText('Full platform member')).toBeInTheDocument();
  });

  it('reloads a pending member after a reconnect (a decision may have come while offline), nobody else', async () => {
    const server = memberApi(pending);
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'Your application is under review' }, LOAD);
    const before = server.meCalls;
    // The socket (re)opened after the member was loaded.
    const openedAt = realtime.openedAt;
    realtime.openedAt = Date.now() + 1000;
    server.me = approved;
    emit({ type: 'ready', replayed: 0, truncated: false });
    await waitFor(() => expect(server.meCalls).toBe(before + 1));
    expect(await screen.findByText('Full platform member')).toBeInTheDocument();

    // A full member is not reloaded on 'ready'.
    emit({ type: 'ready', replayed: 0, truncated: false });
    await new Promise((r) => setTimeout(r, 50));
    expect(server.meCalls).toBe(before + 1);
    realtime.openedAt = openedAt;
  });
});
