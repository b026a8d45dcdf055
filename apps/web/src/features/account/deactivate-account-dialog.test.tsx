import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES } from '@bayclub/shared';
import { renderSettings } from '#/features/settings/settings-test-harness';
import { apiError, json, type Handler } from '#/test/render-app';

async function openDeactivate(handler: Handler = () => json({ success: true, message: 'Your account has been deactivated' })) {
  const bodies: unknown[] = [];
  const rendered = await renderSettings({
    initialSection: 'security',
    handlers: {
      'POST /api/account/deactivate': (req) => {
        bodies.push(req.body);
        return handler(req);
      },
    },
  });
  await rendered.user.click(rendered.dialog.getByRole('button', { name: 'Deactivate Account' }));
  const alert = within(await screen.findByRole('alertdialog', { name: 'Deactivate Account' }));
  return { ...rendered, alert, bodies };
}

describe('deactivate account dialog', () => {
  it('explains that the profile is hidden, also after signing in, until the member reactivates it', async () => {
    const { alert } = await openDeactivate();
    expect(alert.getByText(/hidden from other members/)).toBeInTheDocument();
    expect(alert.getByText(/Signing in again keeps your profile hidden/)).toBeInTheDocument();
    expect(alert.getByText(/reactivate it at any time with the Reactivate Account button/)).toBeInTheDocument();
    expect(alert.queryByText(/sign in again at any time to reactivate/i)).not.toBeInTheDocument();
  });

  it('enables Deactivate Account only for exactly DEACTIVATE', async () => {
    const { user, alert } = await openDeactivate();
    const input = alert.getByLabelText(/Type DEACTIVATE to confirm/);
    const confirm = alert.getByRole('button', { name: 'Deactivate Account' });
    expect(confirm).toBeDisabled();
    for (const attempt of ['deactivate', 'Deactivate', 'DEACTIVATE ', 'DEACTIVAT']) {
      await user.clear(input);
      await user.type(input, attempt);
      expect(confirm).toBeDisabled();
    }
    await user.clear(input);
    await user.type(input, ACCOUNT_MESSAGES.deactivateWord);
    expect(confirm).toBeEnabled();
  });

  it('posts the confirmation, signs out locally and goes to /', async () => {
    const { user, alert, bodies, fetchMock } = await openDeactivate();
    await user.type(alert.getByLabelText(/Type DEACTIVATE to confirm/), 'DEACTIVATE');
    await user.click(alert.getByRole('button', { name: 'Deactivate Account' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(bodies).toEqual([{ confirmation: 'DEACTIVATE' }]);
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/session/sign-out')).toBe(true);
    expect(screen.getByText('Your account has been deactivated')).toBeInTheDocument();
  });

  it('says so and stays when deactivation fails', async () => {
    const { user, alert } = await openDeactivate(() => apiError(500, 'INTERNAL', 'Something went wrong on our side.'));
    await user.type(alert.getByLabelText(/Type DEACTIVATE to confirm/), 'DEACTIVATE');
    await user.click(alert.getByRole('button', { name: 'Deactivate Account' }));
    expect(await screen.findByText('Your account was not deactivated')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Deactivate Account' })).toBeInTheDocument();
    expect(screen.queryByText('Home page')).not.toBeInTheDocument();
  });
});
