import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminVitalsView } from '@bayclub/shared';
import { json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';

const admin = makeMe({}, { isAdmin: true, roles: ['admin'] });
const empty = (name: AdminVitalsView['vitals'][number]['name']) => ({ name, overall: null, byRoute: [], byDevice: [] });

const week: AdminVitalsView = {
  days: 7,
  vitals: [
    {
      name: 'LCP',
      overall: { p75: 4000, count: 5, good: 0.4, needsImprovement: 0.2, poor: 0.4 },
      byRoute: [
        { route: '/events/:eventId', p75: 3250, count: 4, good: 0.5, needsImprovement: 0.25, poor: 0.25 },
        { route: '/', p75: 5000, count: 1, good: 0, needsImprovement: 0, poor: 1 },
      ],
      byDevice: [
        { deviceClass: 'desktop', p75: 3250, count: 4, good: 0.5, needsImprovement: 0.25, poor: 0.25 },
        { deviceClass: 'phone', p75: 5000, count: 1, good: 0, needsImprovement: 0, poor: 1 },
      ],
    },
    empty('INP'),
    { name: 'CLS', overall: { p75: 0.05, count: 1, good: 1, needsImprovement: 0, poor: 0 }, byRoute: [], byDevice: [] },
    empty('FCP'),
    empty('TTFB'),
  ],
  pwaDays: [{ day: '2026-11-27', installs: 1, appOpens: 2 }],
};
const month: AdminVitalsView = { days: 28, vitals: week.vitals.map((v) => empty(v.name)), pwaDays: [] };

function adminApi(handlers: Record<string, Handler>) {
  return mockApi({ ...signedInAs(admin), 'GET /api/payments/mode': () => json({ mode: 'test' }), ...handlers });
}

describe('the Performance tab', () => {
  it('shows a table per vital, the shares, installs and opens per day, and switches to 28 days', async () => {
    const asked: string[] = [];
    adminApi({
      'GET /api/admin/vitals': (req) => {
        const days = new URL(req.url, 'http://localhost').searchParams.get('days');
        asked.push(days ?? '');
        return json(days === '28' ? month : week);
      },
    });
    renderApp('/admin?tab=performance');

    const lcp = await screen.findByRole('region', { name: /LCP/ }, { timeout: 10_000 });
    const table = within(lcp).getByRole('table', { name: /LCP: 75th percentile/ });
    const all = within(table).getByRole('row', { name: /All pages and devices/ });
    expect(all).toHaveTextContent('4.00 s');
    expect(within(all).getAllByRole('cell').map((c) => c.textContent)).toEqual(['4.00 s (Needs improvement)', '40%', '20%', '40%', '5']);
    expect(within(table).getByRole('row', { name: /\/events\/:eventId/ })).toHaveTextContent('3.25 s');
    expect(within(table).getByRole('row', { name: /On phones/ })).toHaveTextContent('5.00 s');
    expect(within(table).getByRole('row', { name: /On desktops/ })).toHaveTextContent('50%');
    expect(within(screen.getByRole('region', { name: /CLS/ })).getByRole('row', { name: /All pages/ })).toHaveTextContent('0.05 (Good)');
    expect(within(screen.getByRole('region', { name: /INP/ })).getByText('No reports yet in the last 7 days.')).toBeInTheDocument();
    const pwa = within(screen.getByRole('region', { name: 'Installs and app opens' })).getByRole('row', { name: /2026-11-27/ });
    expect(within(pwa).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', '2']);

    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Last 28 days' }));
    expect(await within(screen.getByRole('region', { name: /LCP/ })).findByText('No reports yet in the last 28 days.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('No installs or app opens yet in the last 28 days.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last 28 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(asked).toEqual(['7', '28']);
  });

  it('is listed among the admin sections', async () => {
    adminApi({ 'GET /api/admin/vitals': () => json(week) });
    renderApp('/admin?tab=performance');
    expect(await screen.findByRole('tab', { name: 'Performance', selected: true }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
