import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { allowConsoleErrors } from '#/test/console-guard';

let failing = true;
vi.mock('#/features/admin/admin-page', () => ({
  AdminPage: () => {
    if (failing) throw new Error('boom');
    return <h1>Admin page</h1>;
  },
}));

describe('admin error boundary', () => {
  it("shows 'Component Error' and recovers with 'Try Again'", async () => {
    allowConsoleErrors(); // React reports the caught error.
    mockApi(signedInAs(makeMe({}, { isAdmin: true })));
    renderApp('/admin-dashboard');
    expect(await screen.findByRole('heading', { name: 'Component Error' })).toBeInTheDocument();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Admin page' })).toBeInTheDocument();
  });
});
