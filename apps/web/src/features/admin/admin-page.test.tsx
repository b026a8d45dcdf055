import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_APP_DESCRIPTION,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  type AllSettings,
  type ApplicationView,
} from '@bayclub/shared';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { SETTINGS_TOASTS } from './settings-panel';

const admin = makeMe({}, { isAdmin: true, roles: ['admin'] });

function makeApplication(overrides: Partial<ApplicationView> = {}): ApplicationView {
  return {
    id: '0b6f3a52-8d3c-4b59-9a57-3f1f0c2d4e11',
    name: 'Jamie Lee',
    email: 'jamie@example.com',
    username: 'jamie',
    instagramUsername: 'jamie.lee',
    bio: 'Sailing and sunsets.',
    age: 29,
    gender: 'Female',
    relationshipStatus: 'single',
    city: 'st_pete',
    interests: ['Yoga', 'Beach'],
    profilePictureUrl: null,
    status: 'pending',
    accountType: 'community_only',
    createdUserId: null,
    createdAt: '2025-03-01T12:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
    rejectionReason: null,
    ...overrides,
  };
}

function adminApi(handlers: Record<string, Handler>) {
  return mockApi({ ...signedInAs(admin), ...handlers });
}

describe('admin applications', () => {
  it('shows every detail of an application and approves it', async () => {
    let approved = false;
    const app = makeApplication();
    adminApi({
      'GET /api/admin/applications': () =>
        json({ items: [approved ? { ...app, status: 'approved' } : app], nextCursor: null }),
      [`POST /api/admin/applications/${app.id}/approve`]: () => {
        approved = true;
        return json({ ...app, status: 'approved' });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin?tab=applications');

    const card = within(await screen.findByRole('article', { name: 'Jamie Lee' }));
    for (const text of ['@jamie', 'jamie@example.com', '@jamie.lee', 'Sailing and sunsets.', '29', 'Female', 'Single', 'St Pete', 'Yoga', 'Beach', 'Pending', 'JL']) {
      expect(card.getByText(text)).toBeInTheDocument();
    }
    await user.click(card.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Application approved')).toBeInTheDocument();
    await waitFor(() => expect(card.getByText('Approved')).toBeInTheDocument());
    expect(card.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('approves as a community member with one more button, and says so on the card', async () => {
    let body: unknown;
    let approved = false;
    const app = makeApplication();
    const decided = { ...app, status: 'approved' as const, accountType: 'community_only' as const, decidedAt: '2025-03-02T12:00:00.000Z', decidedBy: { id: 'x', name: 'Ada Admin' } };
    adminApi({
      'GET /api/admin/applications': () => json({ items: [approved ? decided : app], nextCursor: null }),
      [`POST /api/admin/applications/${app.id}/approve`]: (req) => {
        body = req.body;
        approved = true;
        return json(decided);
      },
    });
    const user = userEvent.setup();
    renderApp('/admin?tab=applications');
    const card = within(await screen.findByRole('article', { name: 'Jamie Lee' }));
    await user.click(card.getByRole('button', { name: 'Approve as community member' }));
    expect(await screen.findByText('Application approved')).toBeInTheDocument();
    expect(screen.getByText('Jamie Lee is now a community member.')).toBeInTheDocument();
    expect(body).toEqual({ accountType: 'community_only' });
    expect(await card.findByText(/Approved as a community member by Ada Admin on/)).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
  });

  it('Approve gives full platform access', async () => {
    let body: unknown;
    const app = makeApplication();
    adminApi({
      'GET /api/admin/applications': () => json({ items: [app], nextCursor: null }),
      [`POST /api/admin/applications/${app.id}/approve`]: (req) => {
        body = req.body;
        return json({ ...app, status: 'approved', accountType: 'full_platform' });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin?tab=applications');
    const card = within(await screen.findByRole('article', { name: 'Jamie Lee' }));
    await user.click(card.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Jamie Lee now has full platform access.')).toBeInTheDocument();
    expect(body).toEqual({ accountType: 'full_platform' });
  });

  it('rejects with a reason', async () => {
    const app = makeApplication();
    let body: unknown;
    adminApi({
      'GET /api/admin/applications': () => json({ items: [app], nextCursor: null }),
      [`POST /api/admin/applications/${app.id}/reject`]: (req) => {
        body = req.body;
        return json({ ...app, status: 'rejected', rejectionReason: 'Not local' });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin-dashboard?tab=applications');
    const card = within(await screen.findByRole('article', { name: 'Jamie Lee' }));
    await user.click(card.getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject application' }));
    await user.type(dialog.getByLabelText(/Reason/), 'Not local');
    expect(dialog.getByText('9/500 characters')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Reject application' }));
    expect(await screen.findByText('Application rejected')).toBeInTheDocument();
    expect(body).toEqual({ reason: 'Not local' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reports a failed approval in a toast', async () => {
    const app = makeApplication();
    adminApi({
      'GET /api/admin/applications': () => json({ items: [app], nextCursor: null }),
      [`POST /api/admin/applications/${app.id}/approve`]: () => apiError(409, 'CONFLICT', 'Application already decided'),
    });
    const user = userEvent.setup();
    renderApp('/admin?tab=applications');
    const card = within(await screen.findByRole('article', { name: 'Jamie Lee' }));
    await user.click(card.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Could not approve the application')).toBeInTheDocument();
    expect(screen.getByText('Application already decided')).toBeInTheDocument();
  });

  it('filters by status, pages with Load more and shows decisions', async () => {
    const requests: string[] = [];
    adminApi({
      'GET /api/admin/applications': ({ url }) => {
        const params = new URL(url, 'http://localhost').searchParams;
        requests.push(params.toString());
        if (params.get('status') === 'pending') return json({ items: [], nextCursor: null });
        if (params.get('cursor') === 'c2')
          return json({
            items: [
              makeApplication({
                id: 'b2',
                name: 'Rae Kim',
                status: 'rejected',
                decidedAt: '2025-03-03T12:00:00.000Z',
                decidedBy: { id: 'x', name: 'Ada Admin' },
                rejectionReason: 'Incomplete',
              }),
            ],
            nextCursor: null,
          });
        return json({ items: [makeApplication({ id: 'a1' })], nextCursor: 'c2' });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin?tab=applications');
    await screen.findByRole('article', { name: 'Jamie Lee' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const rae = within(await screen.findByRole('article', { name: 'Rae Kim' }));
    expect(rae.getByText(/Rejected by Ada Admin on/)).toBeInTheDocument();
    expect(rae.getByText('Incomplete')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pending' }));
    expect(await screen.findByText('No pending applications')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pending' })).toHaveAttribute('aria-pressed', 'true');
    expect(requests).toEqual(['status=all', 'status=all&cursor=c2', 'status=pending']);
  });

  it("shows 'No applications yet' and recovers from an error with Try Again", async () => {
    let fail = true;
    adminApi({
      'GET /api/admin/applications': () =>
        fail ? apiError(403, 'FORBIDDEN', 'Admins only') : json({ items: [], nextCursor: null }),
    });
    const user = userEvent.setup();
    renderApp('/admin?tab=applications');
    expect(await screen.findByText('Component Error')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No applications yet')).toBeInTheDocument();
  });
});

const storedSettings = (): AllSettings =>
  Object.fromEntries(SETTING_KEYS.map((k) => [k, SETTING_DEFAULTS[k] ?? null])) as AllSettings;

async function openSettings(handlers: Record<string, Handler>) {
  const fetchMock = adminApi({
    'GET /api/admin/applications': () => json({ items: [], nextCursor: null }),
    'GET /api/admin/settings': () => json({ settings: storedSettings() }),
    ...handlers,
  });
  const user = userEvent.setup();
  renderApp('/admin?tab=settings');
  await user.click(await screen.findByRole('tab', { name: 'Settings' }));
  await screen.findByLabelText('App name');
  return { user, fetchMock };
}

describe('admin settings', () => {
  it('saves the changed values as strings and says so with the spec texts', async () => {
    let body: unknown;
    const { user, fetchMock } = await openSettings({
      'PUT /api/admin/settings': (req) => {
        body = req.body;
        return json({ settings: { ...storedSettings(), app_name: 'Harbor Club', limited_users_can_view_locations: 'true' } });
      },
    });
    expect(screen.getByLabelText('App description')).toHaveValue(DEFAULT_APP_DESCRIPTION);
    expect(screen.getByText(/Upload a cover image or video, or paste the link/)).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save Settings' });
    expect(save).toBeDisabled();

    const name = screen.getByLabelText('App name');
    await user.clear(name);
    await user.type(name, 'Harbor Club');
    const viewLocations = screen.getByRole('switch', { name: 'View locations' });
    expect(viewLocations).toHaveAttribute('aria-checked', 'false');
    await user.click(viewLocations);
    await user.click(save);

    expect(await screen.findByText(SETTINGS_TOASTS.success.title)).toBeInTheDocument();
    expect(screen.getByText(SETTINGS_TOASTS.success.description)).toBeInTheDocument();
    expect(SETTINGS_TOASTS.success).toEqual({ title: 'Settings Updated', description: 'App settings have been saved successfully.' });
    expect(body).toEqual({ settings: { app_name: 'Harbor Club', limited_users_can_view_locations: 'true' } });
    // Public settings are fetched again so the new name shows everywhere.
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([u]) => String(u) === '/api/settings/public').length).toBeGreaterThan(1),
    );
  });

  it('groups the 22 permission flags into navigation and features', async () => {
    await openSettings({});
    const nav = within(screen.getByRole('group', { name: 'Navigation' }));
    const features = within(screen.getByRole('group', { name: 'Features' }));
    expect(nav.getAllByRole('switch')).toHaveLength(6);
    expect(features.getAllByRole('switch')).toHaveLength(16);
    expect(nav.getByRole('switch', { name: 'See Events in navigation' })).toHaveAttribute('aria-checked', 'true');
  });

  it('shows the spec failure toast and the field message when saving fails', async () => {
    const { user } = await openSettings({
      'PUT /api/admin/settings': () =>
        json(
          { error: { code: 'VALIDATION_FAILED', message: 'Invalid', fields: { 'settings.landing_cover_url': 'Must be an http(s) URL or a path starting with /' } } },
          400,
        ),
    });
    await user.type(screen.getByLabelText('Cover image URL'), '/covers/bay.jpg');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(SETTINGS_TOASTS.failure.title)).toBeInTheDocument();
    expect(screen.getByText('Failed to update app settings. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Must be an http(s) URL or a path starting with /')).toBeInTheDocument();
  });

  it('checks values with the shared schemas before sending', async () => {
    const { user, fetchMock } = await openSettings({});
    await user.clear(screen.getByLabelText('App name'));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('App name is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});

describe('favicon and landing cover uploads', () => {
  const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'icon.png', { type: 'image/png' });

  it("uploads the favicon as a file part and says 'Favicon Uploaded'; the preview follows", async () => {
    const url = '/media/app-assets/1700000000000-favicon.png';
    const { user, fetchMock } = await openSettings({
      'POST /api/admin/assets/favicon': () => json({ url, settings: { ...storedSettings(), favicon_url: url } }),
    });
    await user.upload(screen.getByLabelText('Upload favicon'), png());
    expect(await screen.findByText('Favicon Uploaded')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/api/admin/assets/favicon'));
    const body = call?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBeInstanceOf(File);
    expect(await screen.findByRole('img', { name: 'Current favicon' })).toHaveAttribute('src', url);
    // Nothing is left unsaved: the upload saved the setting itself.
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeDisabled();
  });

  it("failures use the spec's toasts: 'Upload Error' with the favicon or the cover text", async () => {
    const { user } = await openSettings({
      'POST /api/admin/assets/favicon': () => apiError(500, 'INTERNAL', 'Something went wrong'),
      'POST /api/admin/assets/landing-cover': () => apiError(500, 'INTERNAL', 'Something went wrong'),
    });
    await user.upload(screen.getByLabelText('Upload favicon'), png());
    expect(await screen.findByText('Failed to upload favicon. Please try again.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Upload cover image'), png());
    expect(await screen.findByText('Failed to upload landing cover. Please try again.')).toBeInTheDocument();
    expect(screen.getAllByText('Upload Error').length).toBeGreaterThan(0);
  });

  it('refuses other types and files over the limit without sending anything', async () => {
    const { user, fetchMock } = await openSettings({});
    const gif = new File(['GIF89a'], 'a.gif', { type: 'image/gif' });
    fireEvent.change(screen.getByLabelText('Upload favicon'), { target: { files: [gif] } });
    expect(await screen.findByText('Please select a JPEG, PNG, or WebP image.')).toBeInTheDocument();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Upload cover image'), big);
    expect(await screen.findByText('Please select an image smaller than 10MB.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/admin/assets/'))).toBe(false);
  });
});
