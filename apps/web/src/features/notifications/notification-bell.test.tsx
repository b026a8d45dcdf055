import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_MESSAGES } from '@bayclub/shared';
import { json, mockApi, renderInProviders, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { NotificationBell } from './notification-bell';

const LOAD = { timeout: 5000 };

function setup(count: number) {
  mockApi({ ...signedInAs(makeMe()), 'GET /api/notifications/unread-count': () => json({ count }) });
  renderInProviders(<NotificationBell />);
  return userEvent.setup();
}

describe('NotificationBell', () => {
  it("shows '99+' above 99 and says the count in its name", async () => {
    setup(150);
    const bell = await screen.findByRole('button', { name: 'Notifications, 99+ unread' }, LOAD);
    expect(bell.querySelector('[data-slot="count-badge"]')).toHaveTextContent('99+');
  });

  it('shows the exact count up to 99, no badge at 0', async () => {
    setup(99);
    const bell = await screen.findByRole('button', { name: 'Notifications, 99 unread' }, LOAD);
    expect(bell.querySelector('[data-slot="count-badge"]')).toHaveTextContent('99');
  });

  it('opens the panel from the keyboard and gives focus back on close', async () => {
    const user = setup(0);
    const bell = await screen.findByRole('button', { name: 'Notifications' }, LOAD);
    expect(bell.querySelector('[data-slot="count-badge"]')).toBeNull();
    await user.tab();
    expect(bell).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: NOTIFICATION_MESSAGES.title }, LOAD)).toBeInTheDocument();
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: NOTIFICATION_MESSAGES.title })).toBeNull());
    await waitFor(() => expect(bell).toHaveFocus());
  });
});
