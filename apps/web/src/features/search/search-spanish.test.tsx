import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchResponse } from '@bayclub/shared';
import { activateLocale } from '#/lib/i18n';
import { json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { closeGlobalSearch } from './search-store';

const LOAD = { timeout: 15000 };

const RUN = {
  type: 'event',
  id: '33333333-3333-4333-8333-333333333333',
  title: 'Tampa sunset run',
  description: 'Bring water',
  eventDate: '2031-03-14T23:00:00.000Z',
  timeZone: 'America/New_York',
  city: 'tampa',
  status: 'cancelled',
} as const;
const ANSWER: SearchResponse = {
  query: 'tampa',
  results: [RUN],
  counts: { user: 0, community: 0, event: 1, post: 0, place: 0 },
  terms: ['tampa'],
  postsSearched: true,
};

afterEach(() => closeGlobalSearch());

describe('Global search in Spanish (issue 26)', () => {
  it("an event's date in Spanish, its Cancelled tag and the tabs' name", async () => {
    mockApi({
      ...signedInAs(makeMe()),
      'GET /api/directory': () => json({ items: [], nextCursor: null }),
      'GET /api/search': () => json(ANSWER),
    });
    const user = userEvent.setup();
    renderApp('/user-directory');
    await screen.findByRole('heading', { level: 1, name: 'People' }, LOAD);
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    await act(() => activateLocale('es'));

    await user.type(within(dialog).getByRole('combobox'), 'tampa');
    const option = await within(dialog).findByRole('option', {}, LOAD);
    expect(option).toHaveTextContent('Cancelado');
    expect(option).toHaveAccessibleDescription(/^vie, 14 de mar/);
    expect(within(dialog).getByRole('tablist', { name: 'Tipos de resultado' })).toBeInTheDocument();
  });
});
