import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLocale } from '#/lib/i18n';
import { json, mockApi, renderInProviders, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { restorePushEnv, stubPushEnv } from '#/features/push/push-test-utils';
import { NotificationBell } from './notification-bell';
import { makeNotification } from './notification-fixtures';

const LOAD = { timeout: 5000 };

afterEach(() => restorePushEnv());

describe('the notifications in Spanish (issue 26)', () => {
  it('the bell, the unread rows, the push switch and the mail choices speak Spanish', async () => {
    await activateLocale('es');
    stubPushEnv({ permission: 'default' });
    mockApi({
      ...signedInAs(makeMe()),
      'GET /api/notifications/unread-count': () => json({ count: 1 }),
      'GET /api/notifications': () =>
        json({
          items: [makeNotification(), makeNotification({ readAt: new Date().toISOString(), createdAt: new Date(Date.now() - 3 * 3_600_000 - 60_000).toISOString() })],
          nextCursor: null,
        }),
    });
    await act(async () => {
      renderInProviders(<NotificationBell />);
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notificaciones, 1 sin leer' }, LOAD));
    const panel = await screen.findByRole('dialog', {}, LOAD);
    expect(await within(panel).findByText('Sin leer', {}, LOAD)).toHaveClass('sr-only');
    // Shared labels (NOTIFICATION_MESSAGES), from the shared package's Spanish.
    expect(within(panel).getByRole('button', { name: 'Marcar todo como leído' })).toBeInTheDocument();
    expect(within(panel).getByRole('list', { name: 'Notificaciones' })).toBeInTheDocument();
    expect(within(panel).getByText('hace 3 h')).toBeInTheDocument();
    expect(await within(panel).findByRole('switch', { name: 'Notificaciones push' }, LOAD)).toBeInTheDocument();
    expect(within(panel).getByText('Notificaciones por correo')).toBeInTheDocument();
  });
});
