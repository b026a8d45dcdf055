import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, renderInProviders, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { RsvpBar } from './rsvp-bar';
import { RsvpPanel } from './rsvp-panel';
import { EVENT_ID, makeEvent, makeMine, makeTicket } from './rsvp-fixtures';

const LOAD = { timeout: 5000 };

describe("the phone's RSVP bar", () => {
  it('"Your ticket" scrolls to the RSVP panel and moves focus there', async () => {
    const event = makeEvent({ mine: makeMine({ status: 'going' }) });
    mockApi({ ...signedInAs(makeMe()), [`GET /api/events/${EVENT_ID}/ticket`]: () => json(makeTicket()) });
    renderInProviders(
      <main>
        <RsvpPanel event={event} />
        <RsvpBar event={event} />
      </main>,
    );
    const panel = await screen.findByRole('region', { name: 'Your RSVP' }, LOAD);
    const scroll = vi.spyOn(panel, 'scrollIntoView');
    const focus = vi.spyOn(panel, 'focus');
    await userEvent.setup().click(within(screen.getByRole('region', { name: 'RSVP bar' })).getByRole('button', { name: 'Your ticket' }));
    expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'center' });
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    expect(panel).toHaveFocus();
  });
});
