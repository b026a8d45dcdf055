import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONNECTION_MESSAGES, LIMITS, type DeckPage, type SayHiResult } from '@bayclub/shared';
import { apiError, json, mockApi, never, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import {
  makeCard,
  makeDeckPage,
  makeHello,
  makeMatch,
  noContent,
} from '#/features/connections/connection-fixtures';

/** Whole-app renders can take a few seconds while other test files run. */
const LOAD = { timeout: 5000 };

const ALEX = makeCard({
  fullName: 'Alex Moreno',
  age: 28,
  city: 'clearwater',
  bio: 'Sunset sails and tacos.',
  interests: ['Beach', 'Yoga', 'Coffee'],
  commonInterests: ['Beach', 'Coffee'],
  saidHiToYou: true,
  profilePictureUrl: '/media/profile-pictures/a/profile.webp?v=1',
});
const BLAKE = makeCard({ fullName: 'Blake Chen', age: 35, city: 'tampa' });

const deckCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/say-hi/deck'));

function deckApi(deck: Handler | DeckPage, extra: Record<string, Handler> = {}) {
  return mockApi({
    ...signedInAs(makeMe()),
    'GET /api/say-hi/deck': typeof deck === 'function' ? deck : () => json(deck),
    ...extra,
  });
}

function sayHiResult(overrides: Partial<SayHiResult> = {}): SayHiResult {
  return { status: 'sent', hello: makeHello({ direction: 'sent' }), match: null, remainingToday: 29, ...overrides };
}

async function openDeck(path = '/say-hi') {
  const utils = renderApp(path);
  const card = await screen.findByRole('article', {}, LOAD);
  return { ...utils, card };
}

describe('Say Hi deck', () => {
  it('shows a card: photo, name, age, city, bio, interests in common highlighted, the others, and who said hi', async () => {
    deckApi(makeDeckPage([ALEX, BLAKE], { remainingToday: 12 }));
    const { card } = await openDeck();
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent('Alex Moreno28');
    expect(within(card).getByRole('img', { name: 'Profile picture of Alex Moreno' })).toHaveAttribute(
      'src',
      '/media/profile-pictures/a/profile-480.webp?v=1',
    );
    expect(within(card).getByText('Clearwater')).toBeInTheDocument();
    expect(within(card).getByText('Sunset sails and tacos.')).toBeInTheDocument();
    expect(within(card).getByText('Said hi to you')).toBeInTheDocument();
    const common = within(card).getByRole('region', { name: 'Interests in common' });
    expect(within(common).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Beach', 'Coffee']);
    const others = within(card).getByRole('region', { name: 'Other interests' });
    expect(within(others).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Yoga']);
    expect(screen.getByText('12 hellos left today')).toBeInTheDocument();
    // Only the first member shows.
    expect(screen.queryByText('Blake Chen')).not.toBeInTheDocument();
  });

  it('shows a placeholder when the member has no photo or it fails to load', async () => {
    deckApi(makeDeckPage([ALEX]));
    const { card } = await openDeck();
    fireEvent.error(within(card).getByRole('img', { name: 'Profile picture of Alex Moreno' }));
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
    expect(within(card).getByTestId('deck-photo-placeholder')).toBeInTheDocument();
  });

  it('says hi with a note: posts userId and the trimmed note, says Hi sent!, and moves on', async () => {
    let body: unknown;
    deckApi(makeDeckPage([ALEX, BLAKE]), {
      'POST /api/hellos': (req) => {
        body = req.body;
        return json(sayHiResult({ remainingToday: 29 }), 201);
      },
    });
    const user = userEvent.setup();
    const { card } = await openDeck();
    await user.click(within(card).getByRole('button', { name: 'Say Hi to Alex Moreno' }));
    const dialog = await screen.findByRole('dialog', { name: 'Say hi to Alex Moreno' });
    const note = within(dialog).getByRole('textbox', { name: /Note/ });
    await user.type(note, '  Beach day soon?  ');
    expect(within(dialog).getByText(`19/${LIMITS.helloNoteMax}`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(CONNECTION_MESSAGES.helloSent)).toBeInTheDocument();
    expect(body).toEqual({ userId: ALEX.id, note: 'Beach day soon?' });
    expect(await screen.findByRole('heading', { level: 2, name: /Blake Chen/ })).toBeInTheDocument();
    expect(screen.getByText('29 hellos left today')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends no note when it is left empty', async () => {
    let body: unknown;
    deckApi(makeDeckPage([ALEX]), {
      'POST /api/hellos': (req) => {
        body = req.body;
        return json(sayHiResult(), 201);
      },
    });
    const user = userEvent.setup();
    const { card } = await openDeck();
    await user.click(within(card).getByRole('button', { name: /Say Hi/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(body).toEqual({ userId: ALEX.id }));
  });

  it('refuses a note over 200 characters with the shared message, without a request', async () => {
    const fetchMock = deckApi(makeDeckPage([ALEX]));
    const user = userEvent.setup();
    const { card } = await openDeck();
    await user.click(within(card).getByRole('button', { name: /Say Hi/ }));
    const dialog = await screen.findByRole('dialog');
    const note = within(dialog).getByRole('textbox', { name: /Note/ });
    fireEvent.change(note, { target: { value: 'x'.repeat(LIMITS.helloNoteMax + 1) } });
    expect(await within(dialog).findByText(CONNECTION_MESSAGES.noteTooLong)).toBeInTheDocument();
    expect(within(dialog).getByText(`201/${LIMITS.helloNoteMax}`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/hellos' && init?.method === 'POST')).toBe(false);
    expect(note).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the match moment; Send a message opens the conversation', async () => {
    const match = makeMatch({ member: { ...ALEX }, conversationId: null });
    let opened: unknown;
    const conversationId = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
    deckApi(makeDeckPage([ALEX, BLAKE]), {
      'POST /api/hellos': () => json(sayHiResult({ status: 'matched', match }), 201),
      'POST /api/conversations': (req) => {
        opened = req.body;
        return json({ id: conversationId });
      },
    });
    const user = userEvent.setup();
    const { card, router } = await openDeck();
    await user.click(within(card).getByRole('button', { name: /Say Hi/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    const moment = await screen.findByRole('dialog', { name: 'You and Alex Moreno matched' });
    expect(moment).toHaveTextContent(CONNECTION_MESSAGES.matched);
    expect(screen.queryByText(CONNECTION_MESSAGES.helloSent)).not.toBeInTheDocument();
    await user.click(within(moment).getByRole('button', { name: 'Send a message' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${conversationId}`));
    expect(opened).toEqual({ userId: ALEX.id });
  });

  it('Keep browsing closes the match moment and shows the next member', async () => {
    const match = makeMatch({ member: { ...ALEX } });
    deckApi(makeDeckPage([ALEX, BLAKE]), {
      'POST /api/hellos': () => json(sayHiResult({ status: 'matched', match }), 201),
    });
    const user = userEvent.setup();
    const { card } = await openDeck();
    await user.click(within(card).getByRole('button', { name: /Say Hi/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    const moment = await screen.findByRole('dialog', { name: /matched/ });
    await user.click(within(moment).getByRole('button', { name: 'Keep browsing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 2, name: /Blake Chen/ })).toBeInTheDocument();
  });

  it('at the daily limit (429) says so and disables Say Hi, keeping the member', async () => {
    deckApi(makeDeckPage([ALEX, BLAKE], { remainingToday: 3 }), {
      'POST /api/hellos': () => apiError(429, 'DAILY_LIMIT', CONNECTION_MESSAGES.dailyLimit),
    });
    const user = userEvent.setup();
    const { card } = await openDeck();
    await user.click(within(card).getByRole('button', { name: /Say Hi/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(CONNECTION_MESSAGES.dailyLimit)).toBeInTheDocument();
    const sayHi = within(screen.getByRole('article')).getByRole('button', { name: /Say Hi/ });
    expect(sayHi).toBeDisabled();
    expect(sayHi).toHaveAccessibleDescription(CONNECTION_MESSAGES.dailyLimit);
    expect(screen.getByRole('heading', { level: 2, name: /Alex Moreno/ })).toBeInTheDocument();
    expect(screen.queryByText(/hellos left today/)).not.toBeInTheDocument();
    // Skip still works.
    expect(within(screen.getByRole('article')).getByRole('button', { name: /Skip/ })).toBeEnabled();
  });

  it('disables Say Hi when the deck says no hellos are left', async () => {
    deckApi(makeDeckPage([ALEX], { remainingToday: 0 }));
    const { card } = await openDeck();
    expect(within(card).getByRole('button', { name: /Say Hi/ })).toBeDisabled();
    expect(screen.getByText(CONNECTION_MESSAGES.dailyLimit)).toBeInTheDocument();
  });

  it('Skip posts the member and moves on at once', async () => {
    let body: unknown;
    deckApi(makeDeckPage([ALEX, BLAKE]), {
      'POST /api/say-hi/skip': (req) => {
        body = req.body;
        return noContent();
      },
    });
    const user = userEvent.setup();
    const { card } = await openDeck();
    await user.click(within(card).getByRole('button', { name: 'Skip Alex Moreno' }));
    expect(await screen.findByRole('heading', { level: 2, name: /Blake Chen/ })).toBeInTheDocument();
    expect(body).toEqual({ userId: ALEX.id });
  });

  it('puts a skipped member back when the skip fails', async () => {
    deckApi(makeDeckPage([ALEX, BLAKE]), {
      'POST /api/say-hi/skip': () => apiError(400, 'BAD_REQUEST', 'Could not skip'),
    });
    const user = userEvent.setup();
    const { card } = await openDeck();
    await user.click(within(card).getByRole('button', { name: /Skip/ }));
    expect(await screen.findByText('Could not skip')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /Alex Moreno/ })).toBeInTheDocument();
  });

  it('asks for the next page before the cards run out', async () => {
    const third = makeCard({ fullName: 'Casey Diaz' });
    const fetchMock = deckApi(({ url }) => {
      const cursor = new URL(url, 'http://localhost').searchParams.get('cursor');
      return json(cursor === 'c2' ? makeDeckPage([third]) : makeDeckPage([ALEX, BLAKE], { nextCursor: 'c2' }));
    }, { 'POST /api/say-hi/skip': () => noContent() });
    const user = userEvent.setup();
    await openDeck();
    await waitFor(() => expect(deckCalls(fetchMock)).toEqual(['/api/say-hi/deck', '/api/say-hi/deck?cursor=c2']));
    await user.click(screen.getByRole('button', { name: /Skip Alex/ }));
    await user.click(await screen.findByRole('button', { name: /Skip Blake/ }));
    expect(await screen.findByRole('heading', { level: 2, name: /Casey Diaz/ })).toBeInTheDocument();
  });

  it('says the deck is empty, with the hint', async () => {
    deckApi(makeDeckPage([]));
    renderApp('/say-hi');
    expect(await screen.findByRole('heading', { name: CONNECTION_MESSAGES.deckEmpty }, LOAD)).toBeInTheDocument();
    expect(screen.getByText(CONNECTION_MESSAGES.deckEmptyHint)).toBeInTheDocument();
  });

  it('shows a loading skeleton while the deck loads', async () => {
    deckApi(never);
    renderApp('/say-hi');
    expect(await screen.findByRole('status', { name: 'Loading members' }, LOAD)).toBeInTheDocument();
  });

  it('offers Retry when the deck fails to load', async () => {
    let fail = true;
    deckApi(() => (fail ? apiError(400, 'BAD_REQUEST', 'Deck is broken') : json(makeDeckPage([ALEX]))));
    const user = userEvent.setup();
    renderApp('/say-hi');
    expect(await screen.findByText('Deck is broken', {}, LOAD)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: /Alex Moreno/ })).toBeInTheDocument();
  });

  it('explains instead of failing when the server answers 403', async () => {
    deckApi(() => apiError(403, 'FORBIDDEN', 'Full members only'));
    renderApp('/say-hi');
    expect(await screen.findByRole('heading', { name: 'Say Hi is for full members' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByText('Full members only')).not.toBeInTheDocument();
  });
});

describe('deck filters', () => {
  it('put city, interests and ages in the URL and the request', async () => {
    const fetchMock = deckApi(makeDeckPage([ALEX]));
    const user = userEvent.setup();
    const { router } = await openDeck();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const form = screen.getByRole('form', { name: 'Filters' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'City' }), 'St Pete');
    await user.type(within(form).getByRole('spinbutton', { name: 'Minimum age' }), '25');
    await user.type(within(form).getByRole('spinbutton', { name: 'Maximum age' }), '40');
    await user.click(within(form).getByRole('checkbox', { name: 'Yoga' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Music' }));
    await user.click(within(form).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(router.state.location.search).toBe('?city=st_pete&interests=Yoga%2CMusic&ageMin=25&ageMax=40'));
    await waitFor(() =>
      expect(deckCalls(fetchMock).at(-1)).toBe('/api/say-hi/deck?city=st_pete&interests=Yoga%2CMusic&ageMin=25&ageMax=40'),
    );
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveTextContent('(3 on)');
  });

  it('are read from the URL on load, and Reset clears them', async () => {
    const fetchMock = deckApi(makeDeckPage([ALEX]));
    const user = userEvent.setup();
    const { router } = await openDeck('/say-hi?city=tampa&ageMin=30&interests=Yoga,Nonsense');
    expect(deckCalls(fetchMock)[0]).toBe('/api/say-hi/deck?city=tampa&interests=Yoga&ageMin=30');
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    const form = screen.getByRole('form', { name: 'Filters' });
    expect(within(form).getByRole('combobox', { name: 'City' })).toHaveValue('tampa');
    expect(within(form).getByRole('spinbutton', { name: 'Minimum age' })).toHaveValue(30);
    expect(within(form).getByRole('checkbox', { name: 'Yoga' })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(deckCalls(fetchMock).at(-1)).toBe('/api/say-hi/deck'));
  });

  it('refuse a minimum age above the maximum with the shared message', async () => {
    const fetchMock = deckApi(makeDeckPage([ALEX]));
    const user = userEvent.setup();
    const { router } = await openDeck();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const form = screen.getByRole('form', { name: 'Filters' });
    await user.type(within(form).getByRole('spinbutton', { name: 'Minimum age' }), '50');
    await user.type(within(form).getByRole('spinbutton', { name: 'Maximum age' }), '30');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(await within(form).findByText(CONNECTION_MESSAGES.ageRange)).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(deckCalls(fetchMock)).toEqual(['/api/say-hi/deck']);
  });

  it('refuse an age outside 13-100', async () => {
    deckApi(makeDeckPage([ALEX]));
    const user = userEvent.setup();
    const { router } = await openDeck();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const form = screen.getByRole('form', { name: 'Filters' });
    await user.type(within(form).getByRole('spinbutton', { name: 'Minimum age' }), '12');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(await within(form).findByText(`Age must be between ${LIMITS.ageMin} and ${LIMITS.ageMax}`)).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
