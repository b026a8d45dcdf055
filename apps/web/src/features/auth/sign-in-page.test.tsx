import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD_RESET_SENT_MESSAGE, SIGN_IN_FAILED_MESSAGE } from '@bayclub/shared';
import { apiError, json, mockApi, renderApp } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';

vi.mock('#/features/landing/landing-page', async () => ({ LandingPage: (await import('#/test/mock-pages')).LandingPage }));

describe('sign-in page', () => {
  it("shows 'Invalid email or password' on a wrong password", async () => {
    mockApi({
      'POST /api/auth/sign-in/email': () => apiError(401, 'INVALID_EMAIL_OR_PASSWORD', SIGN_IN_FAILED_MESSAGE),
    });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_FAILED_MESSAGE);
  });

  it('validates with the shared schema before calling the server', async () => {
    const fetchMock = mockApi();
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/sign-in/email')).toBe(false);
  });

  it('signs in and lands on the member home', async () => {
    let signedIn = false;
    mockApi({
      'GET /api/me': () => (signedIn ? json(makeMe()) : apiError(401, 'UNAUTHENTICATED', 'Sign in')),
      'POST /api/auth/sign-in/email': () => {
        signedIn = true;
        return json({ user: { id: 'u' } });
      },
    });
    const { router } = renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/community'));
  });

  it('asks for a reset link and shows the same message whatever the answer', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/request-password-reset': () => apiError(500, 'INTERNAL', 'down') });
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByLabelText('Email'), 'Someone@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(PASSWORD_RESET_SENT_MESSAGE)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/request-password-reset');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'someone@example.com', redirectTo: '/reset-password' });
  });
});

describe('reset-password page', () => {
  it('sets a new password with the token and goes to /login', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/reset-password': () => json({ status: true }) });
    const { router } = renderApp('/reset-password?token=abc123');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass2');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/reset-password');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ newPassword: 'newpass1', token: 'abc123' });
  });

  it('explains an expired link', async () => {
    mockApi({ 'POST /api/auth/reset-password': () => json({ code: 'INVALID_TOKEN', message: 'invalid token' }, 400) });
    renderApp('/reset-password?token=old');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired');
  });
});
