import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD_MESSAGES, USERNAME_MESSAGES } from '@bayclub/shared';
import { apiError, json, mockApi, renderApp, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { INVALID_TOKEN_MESSAGE } from './setup-form';

function setupApi(handlers: Record<string, Handler> = {}) {
  return mockApi({
    'GET /api/setup/status': () => json({ needsSetup: true }),
    'GET /api/admin/applications': () => json({ items: [], nextCursor: null }),
    ...handlers,
  });
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Ada Admin');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Username'), 'Ada');
  await user.type(screen.getByLabelText('Password'), 'harbor-lights');
}

describe('setup page', () => {
  it('validates with the shared schema', async () => {
    setupApi();
    const user = userEvent.setup();
    renderApp('/setup?token=tok123');
    await user.click(await screen.findByRole('button', { name: 'Create admin account' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText(USERNAME_MESSAGES.required)).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_MESSAGES.tooShort)).toBeInTheDocument();
  });

  it('creates the admin with the token from the link, then opens /admin', async () => {
    let body: unknown;
    let signedIn = false;
    setupApi({
      'POST /api/setup/admin': (req) => {
        body = req.body;
        signedIn = true;
        return json({ ok: true }, 201);
      },
      'GET /api/me': () =>
        signedIn
          ? json(makeMe({ fullName: 'Ada Admin' }, { isAdmin: true, roles: ['admin'] }))
          : apiError(401, 'UNAUTHENTICATED', 'Sign in first'),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/setup?token=tok123');
    await screen.findByRole('button', { name: 'Create admin account' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create admin account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    // The welcome names the person (it said 'Welcome, admin').
    expect(await screen.findByText('Welcome, Ada Admin')).toBeInTheDocument();
    expect(screen.queryByText('Welcome, admin')).not.toBeInTheDocument();
    expect(body).toEqual({
      token: 'tok123',
      name: 'Ada Admin',
      email: 'ada@example.com',
      username: 'ada',
      password: 'harbor-lights',
    });
  });

  it('says clearly when the token is invalid or used', async () => {
    setupApi({ 'POST /api/setup/admin': () => apiError(403, 'FORBIDDEN', 'Invalid setup token') });
    const user = userEvent.setup();
    renderApp('/setup?token=old');
    await screen.findByRole('button', { name: 'Create admin account' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create admin account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_TOKEN_MESSAGE);
  });

  it('says setup is complete once an admin exists', async () => {
    setupApi({ 'GET /api/setup/status': () => json({ needsSetup: false }) });
    renderApp('/setup?token=tok123');
    expect(await screen.findByText('Setup is complete')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });

  it('explains a link without a token', async () => {
    setupApi();
    renderApp('/setup');
    expect(await screen.findByText('This setup link is missing its token')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create admin account' })).not.toBeInTheDocument();
  });
});
