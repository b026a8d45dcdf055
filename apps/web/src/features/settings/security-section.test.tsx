import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES, DATA_EXPORT_MESSAGES, type DataExportView } from '@bayclub/shared';
import { THEME_STORAGE_KEY } from '#/lib/theme';
import { makeMe } from '#/test/fixtures';
import { apiError, json } from '#/test/render-app';
import { NO_DATA_EXPORT, renderSettings } from './settings-test-harness';

describe('security section', () => {
  it('switches the theme with the app theme store', async () => {
    const { user, dialog } = await renderSettings({ initialSection: 'security' });
    const toggle = dialog.getByRole('switch', { name: 'Dark Mode' });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription('Dark Mode');
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription('Light Mode');
    expect(document.documentElement).toHaveClass('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    await user.click(toggle);
    expect(document.documentElement).toHaveClass('dark');
  });

  it('opens the Change Password dialog', async () => {
    const { user, dialog } = await renderSettings({ initialSection: 'security' });
    await user.click(dialog.getByRole('button', { name: 'Change Password' }));
    const password = within(await screen.findByRole('dialog', { name: 'Change Password' }));
    expect(password.getByLabelText('Current password')).toBeInTheDocument();
  });

  it('has Deactivate Account and a Danger Zone with Delete Account', async () => {
    const { dialog } = await renderSettings({ initialSection: 'security' });
    expect(dialog.getByRole('button', { name: 'Deactivate Account' })).toBeInTheDocument();
    const danger = dialog.getByRole('region', { name: 'Danger Zone' });
    expect(within(danger).getByRole('button', { name: 'Delete Account' })).toBeInTheDocument();
  });

  it('offers Reactivate Account instead of Deactivate while deactivated, and reloads the member on success', async () => {
    let active = false;
    const calls: string[] = [];
    const { user, dialog } = await renderSettings({
      initialSection: 'security',
      profile: { isDeactivated: true },
      handlers: {
        'GET /api/me': () => json(makeMe({ isDeactivated: !active })),
        'POST /api/account/reactivate': () => {
          calls.push('reactivate');
          active = true;
          return json({ success: true, message: ACCOUNT_MESSAGES.reactivated });
        },
      },
    });
    expect(dialog.queryByRole('button', { name: 'Deactivate Account' })).not.toBeInTheDocument();
    expect(dialog.getByText(/Your profile is hidden from other members/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Reactivate Account' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.reactivated)).toBeInTheDocument();
    expect(calls).toEqual(['reactivate']);
    // The reloaded member is active: the section offers Deactivate again.
    expect(await dialog.findByRole('button', { name: 'Deactivate Account' })).toBeInTheDocument();
  });

  it('says so when reactivating fails, and stays deactivated', async () => {
    const { user, dialog } = await renderSettings({
      initialSection: 'security',
      profile: { isDeactivated: true },
      handlers: { 'POST /api/account/reactivate': () => apiError(500, 'INTERNAL', 'Broken') },
    });
    await user.click(dialog.getByRole('button', { name: 'Reactivate Account' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.reactivateFailed)).toBeInTheDocument();
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Reactivate Account' })).toBeEnabled());
  });

  it('your data: asks for an archive, says it is being prepared, then offers the download and when to ask again', async () => {
    let view: DataExportView = NO_DATA_EXPORT;
    const asked: string[] = [];
    const { user, dialog } = await renderSettings({
      initialSection: 'security',
      handlers: {
        'GET /api/account/export': () => json(view),
        'POST /api/account/export': () => {
          asked.push('export');
          view = { ...NO_DATA_EXPORT, status: 'preparing', requestedAt: new Date().toISOString() };
          return json(view, 202);
        },
      },
    });
    const card = within(dialog.getByRole('region', { name: 'Your data' }));
    await user.click(await card.findByRole('button', { name: 'Request my data' }));
    expect(asked).toEqual(['export']);
    expect(await screen.findAllByText(DATA_EXPORT_MESSAGES.requested)).not.toHaveLength(0);
    expect(card.queryByRole('button', { name: /Request/ })).toBeNull();
    // Prepared: the next poll shows the download.
    view = {
      status: 'ready',
      requestedAt: new Date().toISOString(),
      readyAt: new Date().toISOString(),
      expiresAt: '2030-01-08T12:00:00.000Z',
      sizeBytes: 2_400_000,
      nextRequestAt: '2030-01-02T12:00:00.000Z',
    };
    const link = await card.findByRole('link', { name: 'Download' }, { timeout: 6000 });
    expect(link).toHaveAttribute('href', '/api/account/export/download');
    expect(card.getByRole('status')).toHaveTextContent(/Your archive \(2\.4 MB\) is ready until/);
    expect(card.getByRole('status')).toHaveTextContent(/You can ask for a new one after/);
  });

  it('your data: a refused request shows the reason and keeps the button', async () => {
    const { user, dialog } = await renderSettings({
      initialSection: 'security',
      handlers: { 'POST /api/account/export': () => apiError(429, 'RATE_LIMITED', DATA_EXPORT_MESSAGES.tooSoon) },
    });
    const card = within(dialog.getByRole('region', { name: 'Your data' }));
    await user.click(await card.findByRole('button', { name: 'Request my data' }));
    expect(await screen.findByText(DATA_EXPORT_MESSAGES.tooSoon)).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Request my data' })).toBeEnabled();
  });
});
