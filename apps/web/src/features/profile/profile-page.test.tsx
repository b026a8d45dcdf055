import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, never, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';

describe('own profile', () => {
  it('shows the member with labels, not codes', async () => {
    mockApi(
      signedInAs(
        makeMe({
          fullName: 'Sam Rivera',
          username: 'sam',
          city: 'st_pete',
          age: 31,
          relationshipStatus: 'in_relationship',
          bio: 'Paddleboarding at sunrise.',
          interests: ['Yoga', 'Beach'],
          isVerified: true,
        }),
      ),
    );
    renderApp('/profile');
    const heading = await screen.findByRole('heading', { level: 1, name: /Sam Rivera/ });
    expect(heading).toHaveTextContent('Verified account');
    const main = within(screen.getByRole('main'));
    for (const text of ['@sam', 'St Pete', '31', 'In Relationship', 'Paddleboarding at sunrise.', 'Yoga', 'Beach', 'Full platform member']) {
      expect(main.getByText(text)).toBeInTheDocument();
    }
    expect(screen.queryByText('Your application is under review')).not.toBeInTheDocument();
  });

  it('shows nothing for a relationship status of not_specified', async () => {
    mockApi(signedInAs(makeMe({ relationshipStatus: 'not_specified' })));
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: /Sam Rivera/ });
    expect(screen.queryByText('Relationship status')).not.toBeInTheDocument();
  });

  it('tells a pending applicant that the application is under review', async () => {
    mockApi(
      signedInAs(makeMe({ accountType: 'community_only', applicationStatus: 'pending', createdAt: '2025-03-01T12:00:00.000Z' })),
    );
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Your application is under review' })).toBeInTheDocument();
    expect(screen.getByText(/An admin will review your application/)).toBeInTheDocument();
    expect(screen.getByText('Applied on March 1, 2025')).toBeInTheDocument();
  });

  it('is honest about a rejected application', async () => {
    mockApi(signedInAs(makeMe({ accountType: 'community_only', applicationStatus: 'rejected' })));
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Your application was not approved' })).toBeInTheDocument();
  });

  it('shows the deactivated banner', async () => {
    mockApi(signedInAs(makeMe({ isDeactivated: true })));
    renderApp('/profile');
    expect(await screen.findByText('Your account is currently deactivated')).toBeInTheDocument();
    expect(screen.getByText(/profile is hidden.*reactivate your account in Settings/)).toBeInTheDocument();
  });

  it("signs out with 'Signing out...'", async () => {
    mockApi({ ...signedInAs(makeMe()), 'POST /api/session/sign-out': never });
    const user = userEvent.setup();
    renderApp('/profile');
    const main = within(await screen.findByRole('main'));
    await user.click(await main.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findAllByText('Signing out...')).not.toHaveLength(0);
  });
});
