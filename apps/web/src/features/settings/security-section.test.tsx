import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { THEME_STORAGE_KEY } from '#/app/theme';
import { renderSettings } from './settings-test-harness';

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
});
