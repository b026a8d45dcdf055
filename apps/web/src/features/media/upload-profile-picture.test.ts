import { describe, expect, it, vi } from 'vitest';
import { LIMITS, PICTURE_MESSAGES, uploadFailedMessage } from '@bayclub/shared';
import { apiError, json, mockApi } from '#/test/render-app';
import { ProfilePictureError, uploadProfilePicture, validateProfilePictureFile } from './upload-profile-picture';

const photo = (type = 'image/jpeg', size = 1024, name = 'me.jpg') => new File([new Uint8Array(size)], name, { type });
const noSleep = () => vi.fn((_ms: number) => Promise.resolve());

describe('validateProfilePictureFile', () => {
  it('accepts JPEG, JPG, PNG and WebP up to 5MB', () => {
    for (const type of ['image/jpeg', 'image/jpg', 'image/png', 'image/webp']) {
      expect(validateProfilePictureFile(photo(type))).toBeNull();
    }
    expect(validateProfilePictureFile(photo('image/png', LIMITS.profilePictureMaxBytes))).toBeNull();
  });

  it("refuses other types with 'Invalid file type'", () => {
    expect(validateProfilePictureFile(photo('image/gif'))).toEqual({
      message: PICTURE_MESSAGES.invalidType,
      toast: PICTURE_MESSAGES.invalidTypeToast,
    });
    expect(validateProfilePictureFile(photo('text/plain'))?.toast).toBe('Invalid file type');
  });

  it("refuses files over 5MB with 'File too large'", () => {
    expect(validateProfilePictureFile(photo('image/jpeg', LIMITS.profilePictureMaxBytes + 1))).toEqual({
      message: 'Please select an image smaller than 5MB.',
      toast: 'File too large',
    });
  });

  it("says 'No file selected' without a file", () => {
    expect(validateProfilePictureFile(null)?.message).toBe(PICTURE_MESSAGES.noFile);
  });
});

describe('uploadProfilePicture', () => {
  it('posts the file as the multipart part `file` and returns the URL', async () => {
    const fetchMock = mockApi({ 'POST /api/me/profile-picture': () => json({ profilePictureUrl: '/media/p.webp?v=1' }) });
    const file = photo();
    await expect(uploadProfilePicture(file, { sleep: noSleep() })).resolves.toBe('/media/p.webp?v=1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/me/profile-picture');
    expect(init?.method).toBe('POST');
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('me.jpg');
    // The browser sets the multipart boundary itself.
    expect((init?.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('uses another endpoint when asked (the Apply form)', async () => {
    const fetchMock = mockApi({ 'POST /api/applications/picture': () => json({ profilePictureUrl: '/media/a.webp' }) });
    await uploadProfilePicture(photo(), { endpoint: '/api/applications/picture', sleep: noSleep() });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/applications/picture');
  });

  it('retries transient failures: 3 attempts, waiting 1 s then 2 s', async () => {
    let calls = 0;
    mockApi({
      'POST /api/me/profile-picture': () => {
        calls += 1;
        return calls < 3 ? apiError(503, 'INTERNAL', 'Busy') : json({ profilePictureUrl: '/media/ok.webp' });
      },
    });
    const sleep = noSleep();
    await expect(uploadProfilePicture(photo(), { sleep })).resolves.toBe('/media/ok.webp');
    expect(calls).toBe(3);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000]);
  });

  it('gives up after 3 attempts with the reason of the last one', async () => {
    const fetchMock = mockApi({
      'POST /api/me/profile-picture': () => apiError(500, 'INTERNAL', PICTURE_MESSAGES.verificationFailed),
    });
    const sleep = noSleep();
    const error = await uploadProfilePicture(photo(), { sleep }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProfilePictureError);
    expect((error as Error).message).toBe(PICTURE_MESSAGES.verificationFailed);
    expect(uploadFailedMessage((error as Error).message)).toBe(
      'Failed to upload profile picture: Upload verification failed - file not found in storage',
    );
    expect(fetchMock).toHaveBeenCalledTimes(LIMITS.profilePictureAttempts);
    expect(sleep).toHaveBeenCalledTimes(2);
  });

  it('retries network failures', async () => {
    let calls = 0;
    const fetchMock = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return json({ profilePictureUrl: '/media/n.webp' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const sleep = noSleep();
    await expect(uploadProfilePicture(photo(), { sleep })).resolves.toBe('/media/n.webp');
    expect(sleep.mock.calls).toEqual([[1000]]);
  });

  it('never retries a 4xx answer and reports its field message', async () => {
    const fetchMock = mockApi({
      'POST /api/me/profile-picture': () =>
        json({ error: { code: 'VALIDATION_FAILED', message: 'Invalid', fields: { file: PICTURE_MESSAGES.invalidType } } }, 400),
    });
    const sleep = noSleep();
    await expect(uploadProfilePicture(photo(), { sleep })).rejects.toThrow(PICTURE_MESSAGES.invalidType);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('does not retry a 413', async () => {
    const fetchMock = mockApi({ 'POST /api/me/profile-picture': () => apiError(413, 'TOO_LARGE', PICTURE_MESSAGES.tooLarge) });
    await expect(uploadProfilePicture(photo(), { sleep: noSleep() })).rejects.toThrow(PICTURE_MESSAGES.tooLarge);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('checks the file before sending anything', async () => {
    const fetchMock = mockApi();
    const error = await uploadProfilePicture(photo('image/gif'), { sleep: noSleep() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProfilePictureError);
    expect((error as ProfilePictureError).toast).toBe('Invalid file type');
    await expect(uploadProfilePicture(photo('image/png', LIMITS.profilePictureMaxBytes + 1))).rejects.toThrow(PICTURE_MESSAGES.tooLarge);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fails with 'Failed to generate public URL' when the answer has no URL", async () => {
    mockApi({ 'POST /api/me/profile-picture': () => json({}) });
    await expect(uploadProfilePicture(photo(), { sleep: noSleep() })).rejects.toThrow(PICTURE_MESSAGES.noPublicUrl);
  });
});
