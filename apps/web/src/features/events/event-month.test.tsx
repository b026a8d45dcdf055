import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TZDate } from '@date-fns/tz';
import { addMonths, format } from 'date-fns';
import { CLUB_TIME_ZONE, zonedToUtc } from '@bayclub/shared';
import { json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { makeEventSummary } from './event-fixtures';

// The calendar opens on this month in club time; events are placed on the 20th (and the 5th of next month).
const today = new TZDate(Date.now(), CLUB_TIME_ZONE);
const thisMonth = format(today, 'yyyy-MM');
const nextMonth = format(addMonths(new TZDate(today.getFullYear(), today.getMonth(), 1, CLUB_TIME_ZONE), 1), 'yyyy-MM');
const at = (day: string, time: string) => zonedToUtc(`${day}T${time}`, CLUB_TIME_ZONE).toISOString();
const PICNIC = makeEventSummary({ title: 'Picnic', startsAt: at(`${thisMonth}-20`, '12:00'), endsAt: at(`${thisMonth}-20`, '14:00') });
const QUIZ = makeEventSummary({ title: 'Quiz Night', startsAt: at(`${nextMonth}-05`, '19:00'), endsAt: at(`${nextMonth}-05`, '21:00') });
const dayLabel = (ym: string, d: number) => format(new Date(Number(ym.slice(0, 4)), Number(ym.slice(5)) - 1, d), 'EEEE, MMMM d');

const monthCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/events/month'));

describe('/events?view=month', () => {
  it('marks days with events, lists a chosen day’s events, and loads another month when navigating', async () => {
    const fetchMock = mockApi({
      ...signedInAs(makeMe()),
      'GET /api/events/month': ({ url }) => {
        const month = new URL(url, 'http://localhost').searchParams.get('month');
        return json({ items: month === thisMonth ? [PICNIC] : month === nextMonth ? [QUIZ] : [] });
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/events?view=month&city=tampa');
    expect(screen.queryByRole('list', { name: 'Upcoming events' })).not.toBeInTheDocument();
    // The month view's code loads on demand: slow on a busy machine.
    const day20 = await screen.findByRole('button', { name: `${dayLabel(thisMonth, 20)}, has events` }, { timeout: 10_000 });
    expect(monthCalls(fetchMock)).toEqual([`/api/events/month?city=tampa&month=${thisMonth}`]);
    await user.click(day20);
    const list = await screen.findByRole('list', { name: `Events on ${dayLabel(thisMonth, 20)}` });
    expect(within(list).getByRole('link', { name: 'Picnic' })).toHaveAttribute('href', `/events/${PICNIC.id}`);

    await user.click(screen.getByRole('button', { name: /Next Month/ }));
    expect(await screen.findByRole('button', { name: `${dayLabel(nextMonth, 5)}, has events` })).toBeInTheDocument();
    await waitFor(() => expect(monthCalls(fetchMock)).toContain(`/api/events/month?city=tampa&month=${nextMonth}`));
    await user.click(screen.getByRole('button', { name: `${dayLabel(nextMonth, 5)}, has events` }));
    expect(await screen.findByRole('link', { name: 'Quiz Night' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Picnic' })).not.toBeInTheDocument();

    // Back to the list: the view lives in the URL.
    await user.click(screen.getByRole('button', { name: 'List' }));
    await waitFor(() => expect(router.state.location.search).toBe('?city=tampa'));
  });

  it('says so when a chosen day has no events', async () => {
    mockApi({ ...signedInAs(makeMe()), 'GET /api/events/month': () => json({ items: [PICNIC] }) });
    const user = userEvent.setup();
    renderApp('/events?view=month');
    await screen.findByRole('button', { name: `${dayLabel(thisMonth, 20)}, has events` }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: new RegExp(`^${dayLabel(thisMonth, 21)}`) }));
    expect(await screen.findByText('No events this day.')).toBeInTheDocument();
  });
});
