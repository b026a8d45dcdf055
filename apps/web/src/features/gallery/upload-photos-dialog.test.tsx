import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GALLERY_MESSAGES, LIMITS, type ProfileImageView } from '@bayclub/shared';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { leftOutMessage } from './check-files';
import { OWN_ID, makeFile, makeImage, makeImages } from './gallery-fixtures';

/** Whole-app renders can take a few seconds while other test files run. */
const LOAD = { timeout: 5000 };

const IMAGES = `GET /api/profiles/${OWN_ID}/images`;

function galleryApi(items: ProfileImageView[], extra: Record<string, Handler> = {}) {
  return mockApi({ ...signedInAs(makeMe()), [IMAGES]: () => json({ items }), ...extra });
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/profile');
  await user.click(await screen.findByRole('button', { name: 'Add photos' }, LOAD));
  const dialog = await screen.findByRole('dialog', { name: 'Add photos' });
  return { dialog: within(dialog), input: within(dialog).getByLabelText('Choose photos') as HTMLInputElement };
}

const uploadCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/me/images' && init?.method === 'POST');

describe('upload dialog', () => {
  it('refuses files that are not images or are over 10MB, with the spec messages', async () => {
    galleryApi([]);
    const user = userEvent.setup({ applyAccept: false });
    const { dialog, input } = await openDialog(user);
    await user.upload(input, [
      makeFile('notes.txt', 'text/plain'),
      makeFile('huge.jpg', 'image/jpeg', LIMITS.galleryPhotoMaxBytes + 1),
      makeFile('ok.png', 'image/png'),
    ]);
    expect(dialog.getByText(GALLERY_MESSAGES.notImage('notes.txt'))).toBeInTheDocument();
    expect(dialog.getByText(GALLERY_MESSAGES.tooLarge('huge.jpg'))).toBeInTheDocument();
    const picks = dialog.getByRole('list', { name: 'Photos to upload' });
    expect(within(picks).getAllByRole('listitem')).toHaveLength(1);
    expect(dialog.getByLabelText('Caption for ok.png')).toBeInTheDocument();
    expect(dialog.queryByLabelText('Caption for notes.txt')).not.toBeInTheDocument();
  });

  it('takes only as many files as there are free slots and says how many were left out', async () => {
    galleryApi(makeImages(10));
    const user = userEvent.setup();
    const { dialog, input } = await openDialog(user);
    expect(dialog.getByText(/room for 2 more photos/)).toBeInTheDocument();
    await user.upload(input, [makeFile('a.png', 'image/png'), makeFile('b.png', 'image/png'), makeFile('c.png', 'image/png')]);
    expect(dialog.getByText(leftOutMessage(1, 2))).toBeInTheDocument();
    expect(dialog.getByLabelText('Caption for a.png')).toBeInTheDocument();
    expect(dialog.getByLabelText('Caption for b.png')).toBeInTheDocument();
    expect(dialog.queryByLabelText('Caption for c.png')).not.toBeInTheDocument();
    // No room left for more picks.
    expect(input).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: 'Remove b.png' }));
    expect(input).toBeEnabled();
  });

  it('counts caption characters and stops at 100', async () => {
    galleryApi([]);
    const user = userEvent.setup();
    const { dialog, input } = await openDialog(user);
    await user.upload(input, makeFile('a.png', 'image/png'));
    const caption = dialog.getByLabelText('Caption for a.png');
    expect(caption).toHaveAccessibleDescription(`0/${LIMITS.captionMax}`);
    await user.type(caption, 'Sunset');
    expect(dialog.getByText('6/100')).toBeInTheDocument();
    await user.clear(caption);
    await user.click(caption);
    await user.paste('x'.repeat(150));
    expect(caption).toHaveValue('x'.repeat(100));
    expect(dialog.getByText('100/100')).toBeInTheDocument();
  });

  it('sends the captions first, then one file part per photo, and closes', async () => {
    let stored: ProfileImageView[] = [];
    const fetchMock = mockApi({
      ...signedInAs(makeMe()),
      [IMAGES]: () => json({ items: stored }),
      'POST /api/me/images': () => {
        stored = [makeImage({ caption: 'Pier' }), makeImage()];
        return json({ items: stored, skipped: 0 }, 201);
      },
    });
    const user = userEvent.setup();
    const { dialog, input } = await openDialog(user);
    await user.upload(input, [makeFile('pier.png', 'image/png'), makeFile('boat.jpg', 'image/jpeg')]);
    await user.type(dialog.getByLabelText('Caption for pier.png'), '  Pier ');
    await user.click(dialog.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('2 photos uploaded')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = uploadCalls(fetchMock);
    const body = call![1]!.body as FormData;
    expect([...body.keys()]).toEqual(['captions', 'file', 'file']);
    expect(JSON.parse(body.get('captions') as string)).toEqual(['Pier', null]);
    expect((body.getAll('file') as File[]).map((f) => f.name)).toEqual(['pier.png', 'boat.jpg']);
    // Let the browser set the multipart boundary.
    expect((call![1]!.headers as Record<string, string>)['content-type']).toBeUndefined();
    expect(await screen.findByRole('button', { name: 'Pier' })).toBeInTheDocument();
  });

  it("says 'Failed to upload photos' and keeps the picks and captions", async () => {
    const fetchMock = galleryApi([], { 'POST /api/me/images': () => apiError(500, 'INTERNAL', 'Storage is down') });
    const user = userEvent.setup();
    const { dialog, input } = await openDialog(user);
    await user.upload(input, makeFile('pier.png', 'image/png'));
    await user.type(dialog.getByLabelText('Caption for pier.png'), 'Pier');
    await user.click(dialog.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText(GALLERY_MESSAGES.uploadFailed)).toBeInTheDocument();
    expect(dialog.getByRole('alert')).toHaveTextContent('Storage is down');
    expect(screen.getByRole('dialog', { name: 'Add photos' })).toBeInTheDocument();
    expect(dialog.getByLabelText('Caption for pier.png')).toHaveValue('Pier');
    expect(dialog.getByRole('button', { name: 'Upload' })).toBeEnabled();
    expect(uploadCalls(fetchMock)).toHaveLength(1);
  });

  it('starts empty again after Cancel', async () => {
    galleryApi([]);
    const user = userEvent.setup();
    const { dialog, input } = await openDialog(user);
    await user.upload(input, makeFile('pier.png', 'image/png'));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Add photos' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Add photos' }));
    const again = within(await screen.findByRole('dialog', { name: 'Add photos' }));
    expect(again.queryByRole('list', { name: 'Photos to upload' })).not.toBeInTheDocument();
    expect(again.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });
});
