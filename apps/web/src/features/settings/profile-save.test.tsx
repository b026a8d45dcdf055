import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { profileUpdateSchema, USERNAME_MESSAGES, SOCIAL_MESSAGES, type MeView, type OwnProfileView, type ProfileUpdateInput } from '@bayclub/shared';
import { sessionKeys } from '#/lib/session/api';
import { PROFILE_UPDATED_EVENT } from '#/lib/session/profile-events';
import { makeProfile } from '#/test/fixtures';
import { apiError, json, type Handler } from '#/test/render-app';
import { renderSettings, saveButton } from './settings-test-harness';

const STARTING = {
  fullName: 'Sam Rivera',
  username: 'sam',
  bio: 'Sunsets.',
  instagramUsername: 'sam.r',
  interests: ['Coffee'],
  gender: 'Female',
  relationshipStatus: 'single',
  age: 30,
  city: 'tampa',
} satisfies Partial<OwnProfileView>;

function recordingSave(answer: (body: ProfileUpdateInput) => Response = (body) => json(makeProfile({ ...STARTING, fullName: body.fullName }))) {
  const bodies: ProfileUpdateInput[] = [];
  const handler: Handler = ({ body }) => {
    bodies.push(body as ProfileUpdateInput);
    return answer(body as ProfileUpdateInput);
  };
  return { bodies, handler };
}

describe('saving the profile', () => {
  it('sends every field at once, then toasts, closes and updates the member', async () => {
    const save = recordingSave((body) =>
      json(makeProfile({ ...STARTING, fullName: 'Sam R.', linkedinUsername: 'sam-rivera', city: body.city ?? null })),
    );
    const { user, dialog, queryClient } = await renderSettings({ profile: STARTING, handlers: { 'PUT /api/me/profile': save.handler } });
    const events: string[] = [];
    window.addEventListener(PROFILE_UPDATED_EVENT, () => events.push('profile'));

    const name = dialog.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Sam R.');
    await user.click(dialog.getByRole('tab', { name: 'Social' }));
    await user.type(dialog.getByLabelText('LinkedIn'), 'linkedin.com/in/sam-rivera');
    await user.click(dialog.getByRole('tab', { name: 'Personal' }));
    await user.selectOptions(dialog.getByLabelText('City'), 'sarasota');
    await user.click(saveButton());

    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument());
    expect(save.bodies).toEqual([
      {
        fullName: 'Sam R.',
        username: 'sam',
        bio: 'Sunsets.',
        instagramUsername: 'sam.r',
        tiktokUsername: '',
        linkedinUsername: 'linkedin.com/in/sam-rivera',
        youtubeUsername: '',
        interests: ['Coffee'],
        gender: 'Female',
        relationshipStatus: 'single',
        age: 30,
        city: 'sarasota',
      },
    ]);
    // What was sent is what the server parses: the URL becomes the name there.
    expect(profileUpdateSchema.parse(save.bodies[0]).linkedinUsername).toBe('sam-rivera');
    const me = queryClient.getQueryData<MeView>(sessionKeys.me);
    expect(me?.profile?.fullName).toBe('Sam R.');
    expect(me?.profile?.city).toBe('sarasota');
    expect(events).toEqual(['profile']);
  });

  it("shows 'Saving...' and keeps the modal open while saving", async () => {
    let release: (r: Response) => void = () => {};
    const { user, dialog } = await renderSettings({
      handlers: { 'PUT /api/me/profile': () => new Promise<Response>((r) => (release = r)) },
    });
    await user.click(saveButton());
    expect(saveButton()).toHaveTextContent('Saving...');
    expect(saveButton()).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    release(json(makeProfile()));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument());
  });

  it('opens the Basic tab for a missing name instead of sending', async () => {
    const save = recordingSave();
    const { user, dialog } = await renderSettings({ handlers: { 'PUT /api/me/profile': save.handler } });
    await user.clear(dialog.getByLabelText('Name'));
    await user.click(dialog.getByRole('tab', { name: 'Personal' }));
    await user.click(saveButton());
    expect(await dialog.findByText('Name is required')).toBeInTheDocument();
    expect(dialog.getByRole('tab', { name: /^Basic/ })).toHaveAttribute('aria-selected', 'true');
    expect(save.bodies).toHaveLength(0);
  });

  it("puts a 409 'Username is already taken' under Username, on the Basic tab", async () => {
    const save = recordingSave(() =>
      json({ error: { code: 'CONFLICT', message: 'Conflict', fields: { username: USERNAME_MESSAGES.taken } } }, 409),
    );
    const { user, dialog } = await renderSettings({ handlers: { 'PUT /api/me/profile': save.handler } });
    await user.click(dialog.getByRole('tab', { name: 'Interests' }));
    await user.click(saveButton());
    expect(await dialog.findByText(USERNAME_MESSAGES.taken)).toBeInTheDocument();
    expect(dialog.getByRole('tab', { name: /^Basic/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('puts a 400 field error on the tab it belongs to', async () => {
    const save = recordingSave(() =>
      json({ error: { code: 'VALIDATION_FAILED', message: 'Invalid', fields: { tiktokUsername: SOCIAL_MESSAGES.tiktok } } }, 400),
    );
    const { user, dialog } = await renderSettings({ handlers: { 'PUT /api/me/profile': save.handler } });
    await user.click(saveButton());
    expect(await dialog.findByText(SOCIAL_MESSAGES.tiktok)).toBeInTheDocument();
    expect(dialog.getByRole('tab', { name: /^Social/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps everything typed and says so when the server fails', async () => {
    const { user, dialog } = await renderSettings({
      handlers: { 'PUT /api/me/profile': () => apiError(500, 'INTERNAL', 'Something went wrong on our side.') },
    });
    const name = dialog.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Kept Name');
    await user.click(saveButton());
    expect(await screen.findByText('Your settings were not saved')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong on our side.')).toBeInTheDocument();
    expect(dialog.getByLabelText('Name')).toHaveValue('Kept Name');
    expect(saveButton()).toBeEnabled();
  });

  it('keeps everything typed when the network fails', async () => {
    const { user, dialog, fetchMock } = await renderSettings();
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') throw new TypeError('Failed to fetch');
      return original(input, init);
    });
    await user.type(dialog.getByLabelText(/^Bio/), 'Still here');
    await user.click(saveButton());
    expect(await screen.findByText('Your settings were not saved')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Bio/)).toHaveValue('Still here');
  });

  it('uploads a chosen photo first when Save is pressed', async () => {
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} });
    const order: string[] = [];
    const { user, dialog } = await renderSettings({
      handlers: {
        'POST /api/me/profile-picture': () => {
          order.push('picture');
          return json({ profilePictureUrl: '/media/p.webp' });
        },
        'PUT /api/me/profile': () => {
          order.push('profile');
          return json(makeProfile({ profilePictureUrl: '/media/p.webp' }));
        },
      },
    });
    await user.upload(dialog.getByLabelText('Profile picture'), new File(['x'], 'me.png', { type: 'image/png' }));
    await user.click(saveButton());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument());
    expect(order).toEqual(['picture', 'profile']);
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
});
