import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeMe } from '#/test/fixtures';
import { mockApi, renderApp, signedInAs } from '#/test/render-app';

// Decision 011: every page and the signed-in frame load their code on demand. These modules stand in for the
// real ones and finish "downloading" only when the test opens their gate.
const gates = vi.hoisted(() => {
  const gate = () => {
    let open!: () => void;
    const promise = new Promise<void>((resolve) => (open = resolve));
    return { promise, open, started: false };
  };
  return { frame: gate(), chat: gate(), inbox: gate() };
});

vi.mock('#/features/shell/app-layout', async () => {
  gates.frame.started = true;
  await gates.frame.promise;
  const { Outlet } = await import('react-router');
  return {
    AppLayout: () => (
      <div data-testid="signed-in-frame">
        <Outlet />
      </div>
    ),
  };
});
vi.mock('#/features/messaging/chat-page', async () => {
  gates.chat.started = true;
  await gates.chat.promise;
  return { ChatPage: () => <h1>Chat page</h1> };
});
vi.mock('#/features/messaging/inbox-page', async () => {
  gates.inbox.started = true;
  await gates.inbox.promise;
  return { InboxPage: () => <h1>Inbox page</h1> };
});

const open = (gate: { open: () => void }) => act(async () => gate.open());

describe('pages that load on demand', () => {
  it('the first page waits on the loading screen while its frame and its page download side by side, then shows whole', async () => {
    mockApi(signedInAs(makeMe()));
    renderApp('/chat/9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a');
    // Both downloads start before either finished: no frame-then-page waterfall.
    await waitFor(() => expect(gates.frame.started && gates.chat.started).toBe(true));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');

    await open(gates.frame);
    // The frame alone is never shown with an empty page or a spinner in it.
    expect(screen.queryByTestId('signed-in-frame')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');

    await open(gates.chat);
    expect(await screen.findByRole('heading', { name: 'Chat page' })).toBeInTheDocument();
    expect(screen.getByTestId('signed-in-frame')).toContainElement(screen.getByRole('heading', { name: 'Chat page' }));
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('going to another page keeps the current one on screen until the next one is ready', async () => {
    await open(gates.frame);
    mockApi(signedInAs(makeMe()));
    const { router } = renderApp('/community');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();

    await act(() => router.navigate('/inbox'));
    await waitFor(() => expect(gates.inbox.started).toBe(true));
    expect(router.state.location.pathname).toBe('/inbox');
    // No spinner and no empty frame in between: the page the member was on stays until the next is there.
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await open(gates.inbox);
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Home' })).not.toBeInTheDocument();
  });
});
