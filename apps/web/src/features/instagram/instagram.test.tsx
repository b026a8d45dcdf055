import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { INSTAGRAM_CALLBACK_MESSAGES, INSTAGRAM_TOASTS } from '@bayclub/shared';
import { makeMe } from '#/test/fixtures';
import { apiError, json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { renderSettings } from '#/features/settings/settings-test-harness';
import { browser } from './instagram-connect';

async function openSocial(options: Parameters<typeof renderSettings>[0] = {}) {
  const r = await renderSettings(options);
  await r.user.click(r.dialog.getByRole('tab', { name: 'Social' }));
  return r;
}

describe('Settings → Social: Instagram', () => {
  it('not linked: says linking is for professional accounts, and Link Instagram leaves for the authorize URL', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const { user, dialog, fetchMock } = await openSocial({
      handlers: { 'POST /api/instagram/start': () => json({ authorizeUrl: 'http://localhost/instagram-local/oauth/authorize?state=s' }) },
    });
    const link = dialog.getByRole('button', { name: 'Link Instagram' });
    expect(link).toHaveAccessibleDescription(/professional \(Business or Creator\).*personal account.*without the verified mark/);
    await user.click(link);
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost/instagram-local/oauth/authorize?state=s'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/instagram/start'))).toBe(true);
    go.mockRestore();
  });

  it('a failed start shows the spec’s toast', async () => {
    const { user, dialog } = await openSocial({ handlers: { 'POST /api/instagram/start': () => apiError(500, 'INTERNAL', 'boom') } });
    await user.click(dialog.getByRole('button', { name: 'Link Instagram' }));
    expect(await screen.findByText(INSTAGRAM_TOASTS.connectFailed)).toBeInTheDocument();
  });

  it('linked: the handle with its verified mark, the typed field read-only; Disconnect clears it', async () => {
    const { user, dialog } = await openSocial({
      profile: { instagramUsername: 'sam.studio', instagramVerified: true },
      handlers: { 'POST /api/instagram/disconnect': () => json({ ok: true }) },
    });
    expect(dialog.getByText('@sam.studio')).toBeInTheDocument();
    expect(dialog.getByRole('img', { name: 'Verified Instagram account' })).toBeInTheDocument();
    expect(dialog.getByLabelText('Instagram')).toHaveAttribute('readonly');
    await user.click(dialog.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText(INSTAGRAM_TOASTS.disconnected)).toBeInTheDocument();
    expect(await dialog.findByRole('button', { name: 'Link Instagram' })).toBeInTheDocument();
    expect(dialog.getByLabelText('Instagram')).toHaveValue('');
    expect(dialog.getByLabelText('Instagram')).not.toHaveAttribute('readonly');
  });

  it('a failed disconnect keeps the link and shows the spec’s toast', async () => {
    const { user, dialog } = await openSocial({
      profile: { instagramUsername: 'sam.studio', instagramVerified: true },
      handlers: { 'POST /api/instagram/disconnect': () => apiError(500, 'INTERNAL', 'boom') },
    });
    await user.click(dialog.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText(INSTAGRAM_TOASTS.disconnectFailed)).toBeInTheDocument();
    expect(dialog.getByText('@sam.studio')).toBeInTheDocument();
  });

  it('a typed handle is not verified, and a community member gets no Link button', async () => {
    const { dialog } = await openSocial({ profile: { accountType: 'community_only', instagramUsername: 'sam.r' } });
    expect(dialog.queryByRole('button', { name: 'Link Instagram' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('img', { name: 'Verified Instagram account' })).not.toBeInTheDocument();
  });
});

describe('the OAuth return on /profile', () => {
  const cases = [
    ['connected', INSTAGRAM_TOASTS.connected],
    ['cancelled', INSTAGRAM_TOASTS.connectFailed],
    ['not_professional', INSTAGRAM_TOASTS.completeFailed],
    ['taken', INSTAGRAM_TOASTS.completeFailed],
    ['failed', INSTAGRAM_TOASTS.completeFailed],
    ['nonsense', INSTAGRAM_TOASTS.completeFailed],
  ] as const;
  it.each(cases)('status %s shows its toast and the flag leaves the address', async (status, title) => {
    toast.dismiss();
    mockApi({ ...signedInAs(makeMe({ instagramUsername: 'sam.studio', instagramVerified: status === 'connected' })) });
    const { router } = renderApp(`/profile?instagram_callback=true&status=${status}`);
    expect(await screen.findByText(title)).toBeInTheDocument();
    if (status === 'not_professional') expect(screen.getByText(INSTAGRAM_CALLBACK_MESSAGES.not_professional.description!)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/profile');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('the own profile shows a linked handle with the verified mark', async () => {
    mockApi({ ...signedInAs(makeMe({ instagramUsername: 'sam.studio', instagramVerified: true })) });
    renderApp('/profile');
    expect(await screen.findByRole('link', { name: 'Instagram profile (verified)' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Verified Instagram account' })).toBeInTheDocument();
  });
});
