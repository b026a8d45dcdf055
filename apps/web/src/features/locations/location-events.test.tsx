import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeEventSummary } from '#/features/events/event-fixtures';
import { LocationEvents } from './location-events';

let zoneSpy: { mockRestore: () => void } | undefined;
afterEach(() => zoneSpy?.mockRestore());

function viewerIn(zone: string) {
  const original = Intl.DateTimeFormat.prototype.resolvedOptions;
  zoneSpy = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...original.call(this), timeZone: zone };
  });
}

function renderEvents(events: ReturnType<typeof makeEventSummary>[]) {
  const router = createMemoryRouter([{ path: '/', element: <LocationEvents events={events} /> }]);
  render(<RouterProvider router={router} />);
}

describe("a place's events", () => {
  it('name the club’s zone once above the list for a viewer elsewhere, not on each card', () => {
    viewerIn('America/Los_Angeles');
    renderEvents([
      makeEventSummary({ id: 'e-1', title: 'Sunset Social' }),
      makeEventSummary({ id: 'e-2', title: 'Pier Run' }),
      makeEventSummary({ id: 'e-3', title: 'London Calling', timeZone: 'Europe/London' }),
    ]);
    expect(screen.getAllByText(/New York time/)).toHaveLength(1);
    expect(screen.getByText('All times are New York time.')).toBeInTheDocument();
    // An event in another zone still names its own.
    expect(screen.getByRole('link', { name: 'London Calling' }).closest('article')).toHaveTextContent('London time');
  });

  it('say nothing of the zone to a viewer in it', () => {
    viewerIn('America/New_York');
    renderEvents([makeEventSummary({ id: 'e-1', title: 'Sunset Social' })]);
    expect(screen.queryByText(/New York time/)).toBeNull();
  });
});
