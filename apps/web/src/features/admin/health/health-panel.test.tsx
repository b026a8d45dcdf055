import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminHealthView } from '@bayclub/shared';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';

const admin = makeMe({}, { isAdmin: true, roles: ['admin'] });

const health: AdminHealthView = {
  checkedAt: new Date().toISOString(),
  version: '1.4.2',
  uptimeSeconds: 90_061,
  database: { engine: 'postgres', migrations: 16, lastBackupAt: null, lastBackupBytes: null },
  mail: {
    transport: 'smtp',
    queued: 3,
    failing: 1,
    lastError: 'Connection refused',
    lastErrorAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    today: { sent: 12, failed: 1, expired: 0 },
    week: { sent: 80, failed: 2, expired: 0 },
  },
  push: {
    vapidKeys: 'configured',
    activeSubscriptions: 42,
    lastError: null,
    lastErrorAt: null,
    today: { sent: 5, failed: 0, expired: 1 },
    week: { sent: 30, failed: 0, expired: 2 },
  },
  storage: { driver: 'disk', bytesUsed: 5 * 1024 * 1024, files: 17 },
  jobs: [
    {
      name: 'daily-digest',
      label: 'Daily digest',
      lastStartedAt: new Date(Date.now() - 3_600_000).toISOString(),
      lastFinishedAt: new Date(Date.now() - 3_590_000).toISOString(),
      lastError: 'Template missing',
      lastErrorAt: new Date(Date.now() - 3_590_000).toISOString(),
      runs: 4,
    },
  ],
  payments: { mode: 'test' },
};

function adminApi(handlers: Record<string, Handler>) {
  return mockApi({ ...signedInAs(admin), 'GET /api/payments/mode': () => json({ mode: 'test' }), ...handlers });
}

describe('the Health panel', () => {
  it('shows the figures in cards', async () => {
    adminApi({ 'GET /api/admin/health': () => json(health) });
    renderApp('/admin?tab=health');

    const db = await screen.findByRole('region', { name: 'Database' });
    expect(within(db).getByText('PostgreSQL')).toBeInTheDocument();
    expect(within(db).getByText('16')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Server' })).getByText('1.4.2')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Server' })).getByText('Stripe test mode')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Push notifications' })).getByText('42')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Storage' })).getByText('5.0 MB')).toBeInTheDocument();
    const jobs = screen.getByRole('region', { name: 'Background jobs' });
    expect(within(jobs).getByText('Daily digest')).toBeInTheDocument();
    expect(within(jobs).getByText(/Template missing/)).toBeInTheDocument();
  });

  it('shows a retry card when the check fails, and Retry checks again', async () => {
    let calls = 0;
    let fail = true;
    adminApi({
      'GET /api/admin/health': () => {
        calls += 1;
        return fail ? apiError(500, 'INTERNAL', 'Boom') : json(health);
      },
    });
    const user = userEvent.setup();
    renderApp('/admin?tab=health');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Health check failed' })).toBeInTheDocument();
    const before = calls;
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls).toBeGreaterThan(before));
    expect(await screen.findByRole('region', { name: 'Database' })).toBeInTheDocument();
    expect(screen.queryByText('Health check failed')).not.toBeInTheDocument();
  });
});
