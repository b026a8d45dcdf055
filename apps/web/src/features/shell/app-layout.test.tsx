import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { chatHandlers, CONVERSATION_ID, makeConversation } from '#/features/messaging/messaging-fixtures';

vi.mock('#/features/profile/profile-page', async () => ({ ProfilePage: (await import('#/test/mock-pages')).ProfilePage }));

/** Whole-app renders can take a few seconds while other test files run. */
const LOAD = { timeout: 5000 };

function setWidth(px: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: px });
}
afterEach(() => setWidth(1024));

describe('signed-in layout', () => {
  it('on desktop has no top bar: the menu toggle sits in the side menu, beside the brand', async () => {
    mockApi(signedInAs(makeMe()));
    const user = userEvent.setup();
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'Profile page' }, LOAD);
    const menu = screen.getByTestId('side-menu');
    const toggle = within(menu).getByRole('button', { name: 'Toggle Sidebar' });
    expect(screen.getAllByRole('button', { name: 'Toggle Sidebar' })).toEqual([toggle]);
    // The phone bar exists only below 768 px: nothing sits above the page.
    expect(screen.queryByTestId('phone-top-bar')).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    const root = menu.closest('[data-state]')!;
    expect(root).toHaveAttribute('data-state', 'expanded');
    await user.click(toggle);
    expect(root).toHaveAttribute('data-state', 'collapsed');
    // Collapsed to icons, the toggle is still there to open it again.
    await user.click(within(menu).getByRole('button', { name: 'Toggle Sidebar' }));
    expect(root).toHaveAttribute('data-state', 'expanded');
  });

  it('on a phone has a compact bar with the menu toggle and the brand', async () => {
    setWidth(390);
    mockApi(signedInAs(makeMe()));
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'Profile page' }, LOAD);
    const bar = screen.getByTestId('phone-top-bar');
    expect(bar).toHaveClass('h-12');
    expect(within(bar).getByRole('button', { name: 'Toggle Sidebar' })).toBeInTheDocument();
    expect(within(bar).getByRole('link', { name: 'Bay Club' })).toBeInTheDocument();
  });

  it('in a chat shows one header: the chat header, not the phone bar', async () => {
    setWidth(390);
    mockApi({ ...signedInAs(makeMe()), ...chatHandlers(makeConversation(), []) });
    renderApp(`/chat/${CONVERSATION_ID}`);
    await screen.findByRole('log', { name: 'Messages' }, LOAD);
    expect(screen.queryByTestId('phone-top-bar')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to messages' })).toBeInTheDocument();
  });
});
