import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LINKEDIN_MESSAGES } from '@bayclub/shared';
import { apiError, json, mockApi, renderApp, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';

const available: Handler = ({ url }) => json({ username: new URL(url, 'http://localhost').searchParams.get('username') ?? '', available: true });

const PREFILL = { name: 'Lin Kedin', email: 'lin@example.com', emailVerified: true, pictureUrl: 'http://localhost:3000/linkedin-local/picture/abc.svg' };

describe('/linkedin-register', () => {
  it('without a LinkedIn identity: "Continue with LinkedIn" on top, the empty Apply form below', async () => {
    mockApi({ 'GET /api/linkedin/prefill': () => json({ prefill: null }), 'GET /api/usernames/availability': available });
    renderApp('/linkedin-register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Apply with LinkedIn' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: LINKEDIN_MESSAGES.continueWith })).toHaveAttribute('href', '/api/linkedin/start?intent=apply');
    const form = within(await screen.findByRole('form', { name: 'Membership application' }));
    expect(form.getByLabelText('Email')).toHaveValue('');
    expect(form.getByLabelText('Email')).not.toHaveAttribute('readonly');
  });

  it('after the round-trip: the form is prefilled (email read-only), the picture shown, and the application sent', async () => {
    let body: unknown;
    let signedIn = false;
    mockApi({
      'GET /api/linkedin/prefill': () => json({ prefill: PREFILL }),
      'GET /api/usernames/availability': available,
      'POST /api/applications': (req) => {
        body = req.body;
        signedIn = true;
        return json({ applicationId: 'a1' }, 201);
      },
      'GET /api/me': () => (signedIn ? json(makeMe({ accountType: 'community_only', applicationStatus: 'pending' })) : apiError(401, 'UNAUTHENTICATED', 'Sign in first')),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/linkedin-register?linkedin=ready');
    const linkedin = await screen.findByRole('region', { name: 'Your LinkedIn account' });
    expect(within(linkedin).getByText('Lin Kedin')).toBeInTheDocument();
    expect(linkedin.querySelector('img')).toHaveAttribute('src', PREFILL.pictureUrl);
    expect(screen.queryByRole('link', { name: LINKEDIN_MESSAGES.continueWith })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Lin Kedin');
    expect(screen.getByLabelText('Email')).toHaveValue('lin@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(expect.stringContaining('verified by LinkedIn'));

    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Username'), 'linkedin_lin');
    await user.selectOptions(screen.getByLabelText('Age'), '29');
    await user.selectOptions(screen.getByLabelText('City'), 'tampa');
    await user.click(screen.getByRole('button', { name: 'Apply for Membership' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(body).toMatchObject({ name: 'Lin Kedin', email: 'lin@example.com', username: 'linkedin_lin' });
  });

  it('"Not you?" forgets the LinkedIn identity and shows the plain form', async () => {
    let prefill: typeof PREFILL | null = PREFILL;
    mockApi({
      'GET /api/linkedin/prefill': () => json({ prefill }),
      'DELETE /api/linkedin/prefill': () => {
        prefill = null;
        return new Response(null, { status: 204 });
      },
      'GET /api/usernames/availability': available,
    });
    const user = userEvent.setup();
    renderApp('/linkedin-register');
    await user.click(await screen.findByRole('button', { name: 'Not you?' }));
    expect(await screen.findByRole('link', { name: LINKEDIN_MESSAGES.continueWith })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('says why a round-trip failed', async () => {
    mockApi({ 'GET /api/linkedin/prefill': () => json({ prefill: null }), 'GET /api/usernames/availability': available });
    renderApp('/linkedin-register?linkedin_error=cancelled');
    expect(await screen.findByRole('alert')).toHaveTextContent(LINKEDIN_MESSAGES.cancelled);
  });

  it('the sign-in page offers "Sign in with LinkedIn" and shows its errors', async () => {
    mockApi({});
    renderApp('/login?linkedin_error=state');
    expect(await screen.findByRole('link', { name: LINKEDIN_MESSAGES.signInWith })).toHaveAttribute('href', '/api/linkedin/start?intent=signin');
    expect(screen.getByRole('alert')).toHaveTextContent(LINKEDIN_MESSAGES.state);
  });
});
