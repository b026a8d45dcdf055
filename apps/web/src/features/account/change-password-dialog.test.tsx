import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PASSWORD_MESSAGES } from '@bayclub/shared';
import { renderSettings } from '#/features/settings/settings-test-harness';
import { apiError, json, type Handler } from '#/test/render-app';

/** Opened from Settings > Security (spec 2). */
async function openDialog(handler: Handler) {
  const { user, dialog: settings } = await renderSettings({
    initialSection: 'security',
    handlers: { 'POST /api/account/change-password': handler },
  });
  await user.click(settings.getByRole('button', { name: 'Change Password' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Change Password' }));
  return { user, dialog };
}

describe('change password dialog', () => {
  it('checks the three fields with the shared rules', async () => {
    const { user, dialog } = await openDialog(() => json({}));
    await user.click(dialog.getByRole('button', { name: 'Change Password' }));
    expect(await dialog.findByText(PASSWORD_MESSAGES.currentRequired)).toBeInTheDocument();
    expect(dialog.getByText(PASSWORD_MESSAGES.newRequired)).toBeInTheDocument();
    expect(dialog.getByText(PASSWORD_MESSAGES.confirmRequired)).toBeInTheDocument();

    await user.type(dialog.getByLabelText('Current password'), 'old-secret');
    await user.type(dialog.getByLabelText('New password'), 'abc');
    await user.type(dialog.getByLabelText('Confirm new password'), 'abd');
    await user.click(dialog.getByRole('button', { name: 'Change Password' }));
    expect(await dialog.findByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(dialog.getByText("New passwords don't match")).toBeInTheDocument();
  });

  it('shows a wrong current password under its field', async () => {
    const { user, dialog } = await openDialog(() =>
      json({ error: { code: 'VALIDATION_FAILED', message: 'Invalid', fields: { currentPassword: 'Current password is incorrect' } } }, 400),
    );
    await user.type(dialog.getByLabelText('Current password'), 'wrong-one');
    await user.type(dialog.getByLabelText('New password'), 'new-secret');
    await user.type(dialog.getByLabelText('Confirm new password'), 'new-secret');
    await user.click(dialog.getByRole('button', { name: 'Change Password' }));
    const message = await dialog.findByText('Current password is incorrect');
    expect(dialog.getByLabelText('Current password')).toHaveAttribute('aria-describedby', expect.stringContaining(message.id));
  });

  it("toasts 'Failed to change password' for other failures", async () => {
    const { user, dialog } = await openDialog(() => apiError(500, 'INTERNAL', 'Server trouble'));
    await user.type(dialog.getByLabelText('Current password'), 'old-secret');
    await user.type(dialog.getByLabelText('New password'), 'new-secret');
    await user.type(dialog.getByLabelText('Confirm new password'), 'new-secret');
    await user.click(dialog.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.changeFailed)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
  });

  it("says 'Password changed' and closes", async () => {
    let body: unknown;
    const { user, dialog } = await openDialog((req) => {
      body = req.body;
      return json({ ok: true });
    });
    await user.type(dialog.getByLabelText('Current password'), 'old-secret');
    await user.type(dialog.getByLabelText('New password'), 'new-secret');
    await user.type(dialog.getByLabelText('Confirm new password'), 'new-secret');
    await user.click(dialog.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Password' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    expect(body).toEqual({ currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' });
  });
});
