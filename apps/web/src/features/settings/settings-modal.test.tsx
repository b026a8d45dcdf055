import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { json } from '#/test/render-app';
import { NO_PAYOUT_ACCOUNT, renderSettings, saveButton } from './settings-test-harness';

const COMPLETE_PROFILE = { profilePictureUrl: '/media/profile-pictures/p.webp', bio: 'Sunsets and coffee.', city: 'tampa' };

function setWidth(px: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: px });
}

afterEach(() => setWidth(1024));

describe('settings modal', () => {
  it('has a title, a description and the four sections in a side list on desktop', async () => {
    const { dialog } = await renderSettings();
    expect(dialog.getByText('Manage your profile, security, earnings and memberships.')).toBeInTheDocument();
    const list = dialog.getByRole('tablist', { name: 'Settings sections' });
    expect(within(list).getAllByRole('tab').map((t) => t.textContent?.replace(/\(.*\)/g, '').trim())).toEqual([
      'Profile',
      'Security',
      'Earnings',
      'Memberships',
    ]);
    expect(dialog.queryByRole('combobox', { name: 'Settings section' })).not.toBeInTheDocument();
    expect(dialog.getByRole('tab', { name: /^Profile/ })).toHaveAttribute('aria-selected', 'true');
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(saveButton()).toHaveTextContent('Save Settings');
  });

  it('offers the sections as a dropdown below 768 px', async () => {
    setWidth(500);
    const { user, dialog } = await renderSettings();
    expect(dialog.queryByRole('tablist', { name: 'Settings sections' })).not.toBeInTheDocument();
    const select = dialog.getByRole('combobox', { name: 'Settings section' });
    expect(select).toHaveValue('profile');
    await user.selectOptions(select, 'memberships');
    expect(dialog.getByRole('tabpanel', { name: 'Memberships' })).toBeInTheDocument();
    expect(dialog.getByText('No active memberships')).toBeInTheDocument();
  });

  it('opens at the section asked for', async () => {
    const { dialog } = await renderSettings({ initialSection: 'security' });
    expect(dialog.getByRole('tab', { name: /^Security/ })).toHaveAttribute('aria-selected', 'true');
    expect(dialog.getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
  });

  it('ticks Profile when name, username, picture, bio and city are there, and Security always', async () => {
    const { dialog } = await renderSettings({ profile: COMPLETE_PROFILE });
    expect(dialog.getByRole('tab', { name: 'Profile (complete)' })).toHaveAttribute('data-complete', 'true');
    expect(dialog.getByRole('tab', { name: 'Security (complete)' })).toBeInTheDocument();
    expect(dialog.getByRole('tab', { name: 'Earnings' })).not.toHaveAttribute('data-complete');
    expect(dialog.getByRole('tab', { name: 'Memberships' })).not.toHaveAttribute('data-complete');
  });

  it('does not tick Profile without a picture or a bio', async () => {
    const { dialog } = await renderSettings({ profile: { ...COMPLETE_PROFILE, profilePictureUrl: null } });
    expect(dialog.getByRole('tab', { name: 'Profile' })).not.toHaveAttribute('data-complete');
  });

  it('marks Profile and the tab with a field that breaks a rule', async () => {
    const { user, dialog } = await renderSettings({ profile: COMPLETE_PROFILE });
    await user.click(dialog.getByRole('tab', { name: 'Social' }));
    await user.type(dialog.getByLabelText('TikTok'), 'a');
    expect(dialog.getByRole('tab', { name: 'Profile (complete, needs attention)' })).toHaveAttribute('data-error', 'true');
    expect(dialog.getByRole('tab', { name: 'Social (has errors)' })).toBeInTheDocument();
    await user.type(dialog.getByLabelText('TikTok'), 'b');
    expect(dialog.getByRole('tab', { name: 'Profile (complete)' })).not.toHaveAttribute('data-error');
  });

  it('discards changes on Cancel', async () => {
    const { user, dialog } = await renderSettings();
    const name = dialog.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Someone Else');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    const reopened = within(await screen.findByRole('dialog', { name: 'Settings' }));
    expect(reopened.getByLabelText('Name')).toHaveValue('Sam Rivera');
  });

  it('shows Payment Setup: the setup form with US by default and the member’s email, read from the server', async () => {
    const { dialog, fetchMock } = await renderSettings({ initialSection: 'earnings' });
    expect(dialog.getByText('Payment Setup')).toBeInTheDocument();
    const country = await dialog.findByRole('combobox', { name: 'Country' });
    expect(country).toHaveValue('US');
    expect(country).toBeEnabled();
    expect(within(country).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual([
      'US', 'CA', 'GB', 'AU', 'FR', 'DE', 'IT', 'ES', 'NL',
    ]);
    expect(dialog.getByLabelText('Email')).toHaveValue('sam@example.com');
    expect(dialog.getByRole('button', { name: 'Set Up Payments' })).toBeEnabled();
    expect(dialog.queryByText(/arrive in a later update/)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/payments/payout-account')).toBe(true);
  });

  it('ticks Earnings once the payout account is enabled, and marks it when restricted', async () => {
    const enabled = { ...NO_PAYOUT_ACCOUNT, state: 'enabled' as const, country: 'US' as const, currency: 'usd' as const };
    const { dialog } = await renderSettings({ handlers: { 'GET /api/payments/payout-account': () => json(enabled) } });
    expect(await dialog.findByRole('tab', { name: 'Earnings (complete)' })).toHaveAttribute('data-complete', 'true');
    cleanup();
    const restricted = { ...enabled, state: 'restricted' as const, requirementsDue: ['A photo of your ID'] };
    const again = await renderSettings({ handlers: { 'GET /api/payments/payout-account': () => json(restricted) } });
    expect(await again.dialog.findByRole('tab', { name: 'Earnings (needs attention)' })).toHaveAttribute('data-error', 'true');
  });

  it('shows the Memberships empty states', async () => {
    const { dialog } = await renderSettings({ initialSection: 'memberships' });
    expect(dialog.getByText('No active memberships')).toBeInTheDocument();
    expect(await dialog.findByText('No subscription history')).toBeInTheDocument();
  });

  it('shows Cancel and Save Settings only where there is something to save (phone and desktop)', async () => {
    for (const width of [500, 1024]) {
      setWidth(width);
      const { user, dialog, unmount } = await renderSettingsWithUnmount();
      expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
      expect(saveButton()).toBeInTheDocument();
      for (const section of ['security', 'earnings', 'memberships'] as const) {
        if (width < 768) await user.selectOptions(dialog.getByRole('combobox', { name: 'Settings section' }), section);
        else await user.click(dialog.getByRole('tab', { name: new RegExp(`^${section}`, 'i') }));
        expect(dialog.queryByRole('button', { name: 'Cancel' }), `${section} at ${width}px`).not.toBeInTheDocument();
        expect(dialog.queryByRole('button', { name: 'Save Settings' }), `${section} at ${width}px`).not.toBeInTheDocument();
      }
      unmount();
    }
  });

  it('keeps Save Settings within reach in other sections while the profile has unsaved changes', async () => {
    const { user, dialog } = await renderSettings();
    const name = dialog.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Someone Else');
    await user.click(dialog.getByRole('tab', { name: /^Security/ }));
    expect(saveButton()).toHaveTextContent('Save Settings');
  });

  it('has no Profile section for a deactivated member, and opens at Security', async () => {
    const { dialog } = await renderSettings({ profile: { isDeactivated: true }, initialSection: 'profile' });
    const list = dialog.getByRole('tablist', { name: 'Settings sections' });
    expect(within(list).getAllByRole('tab').map((t) => t.textContent?.replace(/\(.*\)/g, '').trim())).toEqual([
      'Security',
      'Earnings',
      'Memberships',
    ]);
    expect(dialog.getByRole('tab', { name: /^Security/ })).toHaveAttribute('aria-selected', 'true');
    expect(dialog.getByRole('button', { name: 'Reactivate Account' })).toBeInTheDocument();
    expect(dialog.queryByLabelText('Name')).not.toBeInTheDocument();
  });
});

async function renderSettingsWithUnmount() {
  const rendered = await renderSettings();
  return { ...rendered, unmount: cleanup };
}
