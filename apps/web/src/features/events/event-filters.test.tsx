import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderInProviders } from '#/test/render-app';
import { EventFiltersSheet, useEventFiltersInUrl } from './event-filters';

const LOAD = { timeout: 5000 };

function PhoneFilters() {
  const { filters, update } = useEventFiltersInUrl();
  return <EventFiltersSheet filters={filters} update={update} approved={false} />;
}

describe("the phone's Filters sheet", () => {
  it('returns focus to the Filters button when it closes, by "Show events" or Escape', async () => {
    mockApi();
    renderInProviders(<PhoneFilters />, '/events?range=week');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Filters, 1 on' }, LOAD);
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');

    await user.click(button);
    await user.click(within(await screen.findByRole('dialog', { name: 'Filters' })).getByRole('button', { name: 'Show events' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Filters' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });
});
