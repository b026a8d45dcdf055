import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { LIMITS, PICTURE_MESSAGES, USERNAME_MESSAGES, type MeView } from '@bayclub/shared';
import { sessionKeys } from '#/lib/session/api';
import { PROFILE_PICTURE_UPDATED_EVENT } from '#/lib/session/profile-events';
import { apiError, json, never, type Handler } from '#/test/render-app';
import { renderSettings, saveButton } from './settings-test-harness';

const availability = (available: boolean): Handler => ({ url }) =>
  json({ username: new URL(url, 'http://localhost').searchParams.get('username'), available });
const availabilityCalls = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/usernames/availability'));
const WAIT = { timeout: 2000 };

describe('username', () => {
  it('does not check the member\'s own username, even after changing it back', async () => {
    const { user, dialog, fetchMock } = await renderSettings({ handlers: { 'GET /api/usernames/availability': availability(true) } });
    const field = dialog.getByLabelText('Username');
    expect(field).toHaveValue('sam');
    await user.type(field, 'x');
    expect(await dialog.findByText(USERNAME_MESSAGES.available, {}, WAIT)).toBeInTheDocument();
    await user.type(field, '{Backspace}');
    await new Promise((r) => setTimeout(r, LIMITS.usernameCheckDebounce + 100));
    expect(availabilityCalls(fetchMock).map(([url]) => String(url))).toEqual(['/api/usernames/availability?username=samx']);
    expect(dialog.queryByText(USERNAME_MESSAGES.available)).not.toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
  });

  it("says 'Username is available!' for a free name, checked 500 ms after typing", async () => {
    const { user, dialog, fetchMock } = await renderSettings({ handlers: { 'GET /api/usernames/availability': availability(true) } });
    const field = dialog.getByLabelText('Username');
    await user.clear(field);
    await user.type(field, 'Sam_Rivera');
    expect(field).toHaveValue('sam_rivera');
    expect(availabilityCalls(fetchMock)).toHaveLength(0);
    expect(await dialog.findByText(USERNAME_MESSAGES.available, {}, WAIT)).toBeInTheDocument();
    expect(availabilityCalls(fetchMock)).toHaveLength(1);
    expect(saveButton()).toBeEnabled();
  });

  it("shows 'Checking availability...' and blocks Save while the check runs", async () => {
    const { user, dialog } = await renderSettings({ handlers: { 'GET /api/usernames/availability': never } });
    await user.type(dialog.getByLabelText('Username'), '2');
    expect(await dialog.findByText('Checking availability...', {}, WAIT)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it("says 'Username is already taken' and blocks Save", async () => {
    const { user, dialog } = await renderSettings({ handlers: { 'GET /api/usernames/availability': availability(false) } });
    await user.type(dialog.getByLabelText('Username'), '2');
    expect(await dialog.findByText(USERNAME_MESSAGES.taken, {}, WAIT)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('shows the format rule that fails and blocks Save without asking the server', async () => {
    const { user, dialog, fetchMock } = await renderSettings();
    const field = dialog.getByLabelText('Username');
    await user.clear(field);
    await user.type(field, '_sam');
    expect(await dialog.findByText(USERNAME_MESSAGES.badStart)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'ab');
    expect(await dialog.findByText(USERNAME_MESSAGES.tooShort)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, LIMITS.usernameCheckDebounce + 100));
    expect(availabilityCalls(fetchMock)).toHaveLength(0);
  });

  it("says 'Error checking availability' when the check fails, and blocks Save", async () => {
    const { user, dialog } = await renderSettings({
      handlers: { 'GET /api/usernames/availability': () => apiError(500, 'INTERNAL', 'Down') },
    });
    await user.type(dialog.getByLabelText('Username'), '2');
    expect(await dialog.findByText(USERNAME_MESSAGES.checkFailed, {}, WAIT)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });
});

describe('bio', () => {
  it("counts 'n/150 characters', warns past 140, errs past 150 and caps input at 200", async () => {
    const { user, dialog } = await renderSettings({ profile: { bio: 'Hello' } });
    const bio = dialog.getByLabelText(/^Bio/);
    expect(bio).toHaveAttribute('maxLength', String(LIMITS.bioInputCap));
    expect(dialog.getByText('5/150 characters')).toHaveAttribute('data-state', 'ok');

    await user.clear(bio);
    await user.click(bio);
    await user.paste('a'.repeat(140));
    expect(dialog.getByText('140/150 characters')).toHaveAttribute('data-state', 'ok');
    await user.type(bio, 'b');
    expect(dialog.getByText('141/150 characters')).toHaveAttribute('data-state', 'warning');
    expect(saveButton()).toBeEnabled();

    await user.paste('c'.repeat(10));
    expect(dialog.getByText('151/150 characters')).toHaveAttribute('data-state', 'error');
    expect(await dialog.findByText('Bio is too long')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    await user.paste('d'.repeat(100));
    expect(bio).toHaveValue(`${'a'.repeat(140)}b${'c'.repeat(10)}${'d'.repeat(49)}`);
    expect(dialog.getByText('200/150 characters')).toBeInTheDocument();
  });
});

describe('profile picture', () => {
  let created = 0;
  beforeEach(() => {
    created = 0;
    Object.assign(URL, {
      createObjectURL: vi.fn(() => `blob:preview-${++created}`),
      revokeObjectURL: vi.fn(),
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  const photo = (type = 'image/png', size = 2048) => new File([new Uint8Array(size)], 'me.png', { type });

  it("says 'Profile picture is required' without a picture, without disabling Save", async () => {
    const { dialog } = await renderSettings({ profile: { profilePictureUrl: null } });
    expect(dialog.getByText(PICTURE_MESSAGES.required)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Choose Photo' })).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
  });

  it("offers 'Change Photo' when there is a picture", async () => {
    const { dialog } = await renderSettings({ profile: { profilePictureUrl: '/media/profile-pictures/p.webp' } });
    expect(dialog.getByRole('button', { name: 'Change Photo' })).toBeInTheDocument();
    expect(dialog.queryByText(PICTURE_MESSAGES.required)).not.toBeInTheDocument();
    expect(dialog.getByRole('img', { name: 'Profile picture preview' })).toHaveAttribute('src', '/media/profile-pictures/p.webp');
  });

  it("refuses other file types inline and with the toast 'Invalid file type'", async () => {
    const { user, dialog } = await renderSettings({ user: { applyAccept: false } });
    await user.upload(dialog.getByLabelText('Profile picture'), new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(dialog.getByText(PICTURE_MESSAGES.invalidType)).toBeInTheDocument();
    expect(await screen.findByText(PICTURE_MESSAGES.invalidTypeToast)).toBeInTheDocument();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it("refuses files over 5MB inline and with the toast 'File too large'", async () => {
    const { user, dialog } = await renderSettings();
    await user.upload(dialog.getByLabelText('Profile picture'), photo('image/jpeg', LIMITS.profilePictureMaxBytes + 1));
    expect(dialog.getByText(PICTURE_MESSAGES.tooLarge)).toBeInTheDocument();
    expect(await screen.findByText(PICTURE_MESSAGES.tooLargeToast)).toBeInTheDocument();
  });

  it('previews a chosen photo, uploads it, refreshes the member and revokes the preview', async () => {
    let release: (r: Response) => void = () => {};
    const { user, dialog, queryClient } = await renderSettings({
      handlers: { 'POST /api/me/profile-picture': () => new Promise<Response>((r) => (release = r)) },
    });
    const events: string[] = [];
    window.addEventListener(PROFILE_PICTURE_UPDATED_EVENT, () => events.push('picture'));

    await user.upload(dialog.getByLabelText('Profile picture'), photo());
    expect(dialog.getByText(PICTURE_MESSAGES.selected)).toBeInTheDocument();
    expect(dialog.getByRole('img', { name: 'Profile picture preview' })).toHaveAttribute('src', 'blob:preview-1');

    await user.click(dialog.getByRole('button', { name: 'Upload Photo' }));
    expect(dialog.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect(saveButton()).toBeDisabled();

    release(json({ profilePictureUrl: '/media/profile-pictures/new.webp?v=2' }));
    expect(await dialog.findByText(PICTURE_MESSAGES.uploaded)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Change Photo' })).toBeInTheDocument();
    expect(dialog.getByRole('img', { name: 'Profile picture preview' })).toHaveAttribute('src', '/media/profile-pictures/new.webp?v=2');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(queryClient.getQueryData<MeView>(sessionKeys.me)?.profile?.profilePictureUrl).toBe('/media/profile-pictures/new.webp?v=2');
    expect(events).toEqual(['picture']);
    expect(saveButton()).toBeEnabled();
  });

  it("toasts 'Upload failed' with the reason and does not retry a refusal", async () => {
    let calls = 0;
    const { user, dialog } = await renderSettings({
      handlers: {
        'POST /api/me/profile-picture': () => {
          calls += 1;
          return json({ error: { code: 'VALIDATION_FAILED', message: 'Invalid', fields: { file: PICTURE_MESSAGES.invalidType } } }, 400);
        },
      },
    });
    await user.upload(dialog.getByLabelText('Profile picture'), photo());
    await user.click(dialog.getByRole('button', { name: 'Upload Photo' }));
    expect(await screen.findByText(PICTURE_MESSAGES.uploadFailedToast)).toBeInTheDocument();
    const reason = 'Failed to upload profile picture: Please select a JPEG, PNG, or WebP image.';
    await waitFor(() => expect(screen.getAllByText(reason)).toHaveLength(2)); // inline and in the toast
    expect(calls).toBe(1);
  });

  it('revokes the preview when the modal closes', async () => {
    const { user, dialog } = await renderSettings();
    await user.upload(dialog.getByLabelText('Profile picture'), photo());
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1'));
  });
});
