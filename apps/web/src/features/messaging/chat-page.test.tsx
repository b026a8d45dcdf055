import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clockTime, LIMITS, MESSAGING_MESSAGES, type MessageView } from '@bayclub/shared';
import { realtime } from '#/lib/realtime/realtime-client';
import { makeFile } from '#/features/gallery/gallery-fixtures';
import { apiError, json, mockApi, never, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import {
  at,
  chatHandlers,
  chatMediaUrl,
  CONVERSATION_ID,
  makeConversation,
  makeMessage,
  OTHER_ID,
  OWN_ID,
} from './messaging-fixtures';

/** Whole-app renders can take a few seconds while other test files run. */
const LOAD = { timeout: 5000 };
const MESSAGES = `POST /api/conversations/${CONVERSATION_ID}/messages`;

type Calls = ReturnType<typeof mockApi>['mock']['calls'];
const callsTo = (calls: Calls, method: string, path: string) =>
  calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).split('?')[0] === path);
const sentBodies = (calls: Calls) =>
  callsTo(calls, 'POST', `/api/conversations/${CONVERSATION_ID}/messages`).map(
    ([, init]) => JSON.parse(String(init?.body)) as { clientId: string; content: string; mediaUrls: string[] },
  );

function chatApi(messages: MessageView[] = [], extra: Record<string, Handler> = {}, conversation = makeConversation()) {
  return mockApi({ ...signedInAs(makeMe()), ...chatHandlers(conversation, messages), ...extra });
}

async function openChat() {
  const utils = renderApp(`/chat/${CONVERSATION_ID}`);
  await screen.findByRole('log', { name: 'Messages' }, LOAD);
  return utils;
}

/** The answer the server gives to a send: the message with the caller's clientId. */
const echo = (overrides: Partial<MessageView> = {}): Handler => ({ body }) => {
  const input = body as { clientId: string; content: string; mediaUrls: string[] };
  return json(
    makeMessage({ senderId: OWN_ID, clientId: input.clientId, content: input.content, mediaUrls: input.mediaUrls, ...overrides }),
    201,
  );
};

const rowOf = (text: string) => screen.getByText(text).closest('li')!;

describe('chat page', () => {
  it('shows the member in the header with a link to their profile, and a back link to the inbox', async () => {
    chatApi();
    await openChat();
    const heading = screen.getByRole('heading', { level: 1, name: 'Alex Moreno' });
    expect(within(heading).getByRole('link')).toHaveAttribute('href', `/view-profile/${OTHER_ID}`);
    expect(screen.getByRole('link', { name: 'Back to messages' })).toHaveAttribute('href', '/inbox');
    expect(screen.getByRole('button', { name: 'More actions for Alex Moreno' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGING_MESSAGES.empty)).toBeInTheDocument();
  });

  it("says 'This conversation is not available' for a 404 and for an id that is not one", async () => {
    const fetchMock = chatApi([], { [`GET /api/conversations/${CONVERSATION_ID}`]: () => apiError(404, 'NOT_FOUND', 'x') });
    const { unmount } = renderApp(`/chat/${CONVERSATION_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGING_MESSAGES.notFound }, LOAD)).toBeInTheDocument();
    unmount();
    renderApp('/chat/not-an-id');
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGING_MESSAGES.notFound }, LOAD)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('not-an-id'))).toBe(false);
  });

  it('groups messages by day and shows the time under the last message of each run from one sender', async () => {
    const late = makeMessage({ content: 'Late hello', createdAt: at(20, 0, 1) });
    const night = makeMessage({ content: 'Night!', senderId: OWN_ID, createdAt: at(20, 5, 1) });
    const morning = makeMessage({ content: 'Morning', createdAt: at(9, 0) });
    const coffee = makeMessage({ content: 'Coffee?', createdAt: at(9, 1) });
    const sure = makeMessage({ content: 'Sure', senderId: OWN_ID, createdAt: at(9, 10) });
    chatApi([late, night, morning, coffee, sure]);
    await openChat();

    const yesterday = screen.getByRole('region', { name: 'Yesterday' });
    const today = screen.getByRole('region', { name: 'Today' });
    expect(within(yesterday).getByText('Late hello')).toBeInTheDocument();
    expect(within(yesterday).getByText('Night!')).toBeInTheDocument();
    expect(within(today).getByText('Morning')).toBeInTheDocument();
    expect(within(today).queryByText('Late hello')).not.toBeInTheDocument();

    // A run ends where the sender changes or the day ends.
    const timeOf = (text: string) => rowOf(text).querySelector('time')?.textContent ?? null;
    expect(timeOf('Morning')).toBeNull();
    expect(timeOf('Coffee?')).toBe(clockTime(new Date(coffee.createdAt)));
    expect(timeOf('Sure')).toBe(clockTime(new Date(sure.createdAt)));
    expect(timeOf('Late hello')).toBe(clockTime(new Date(late.createdAt)));
    expect(timeOf('Night!')).toBe(clockTime(new Date(night.createdAt)));

    // Own messages sit on the right, the other member's on the left; each says who wrote it.
    expect(rowOf('Sure')).toHaveClass('items-end');
    expect(rowOf('Coffee?')).toHaveClass('items-start');
    expect(rowOf('Sure')).toHaveTextContent('You: Sure');
    expect(rowOf('Coffee?')).toHaveTextContent('Alex Moreno: Coffee?');
  });

  it('marks the conversation read on opening', async () => {
    const fetchMock = chatApi([makeMessage({ content: 'Hi' })]);
    await openChat();
    await waitFor(() => expect(callsTo(fetchMock.mock.calls, 'POST', `/api/conversations/${CONVERSATION_ID}/read`)).toHaveLength(1));
  });

  it('sends on Enter and adds a line on Shift+Enter', async () => {
    const fetchMock = chatApi([], { [MESSAGES]: echo() });
    const user = userEvent.setup();
    await openChat();
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(box).toHaveAttribute('placeholder', MESSAGING_MESSAGES.placeholder);
    await user.type(box, 'Hello{Shift>}{Enter}{/Shift}there');
    expect(box).toHaveValue('Hello\nthere');
    expect(sentBodies(fetchMock.mock.calls)).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sentBodies(fetchMock.mock.calls)).toHaveLength(1));
    expect(sentBodies(fetchMock.mock.calls)[0]).toMatchObject({ content: 'Hello\nthere', mediaUrls: [] });
    expect(box).toHaveValue('');
  });

  it('does not send on the Enter that ends an IME composition', async () => {
    const fetchMock = chatApi([], { [MESSAGES]: echo() });
    const user = userEvent.setup();
    await openChat();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'konnichiwa');
    const composing = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true, isComposing: true });
    act(() => {
      box.dispatchEvent(composing);
    });
    expect(sentBodies(fetchMock.mock.calls)).toHaveLength(0);
    expect(box).toHaveValue('konnichiwa');
  });

  it('shows the message at once and clears the box; the answer replaces it without doubling', async () => {
    let answer: (r: Response) => void = () => {};
    let saved: MessageView | null = null;
    const fetchMock = chatApi([], {
      [MESSAGES]: ({ body }) => {
        const input = body as { clientId: string; content: string };
        saved = makeMessage({ senderId: OWN_ID, clientId: input.clientId, content: input.content });
        return new Promise<Response>((resolve) => (answer = resolve));
      },
    });
    const user = userEvent.setup();
    await openChat();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'On my way{Enter}');

    expect(box).toHaveValue('');
    expect(within(rowOf('On my way')).getByText(MESSAGING_MESSAGES.sending)).toBeInTheDocument();
    // Spec 5: no second send while one is under way.
    await user.type(box, 'Second');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    await waitFor(() => expect(saved).not.toBeNull());
    await act(async () => answer(json(saved, 201)));
    await waitFor(() => expect(screen.queryByText(MESSAGING_MESSAGES.sending)).not.toBeInTheDocument());
    expect(screen.getAllByText('On my way')).toHaveLength(1);
    expect(rowOf('On my way').querySelector('time')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(sentBodies(fetchMock.mock.calls)).toHaveLength(1);
  });

  it('keeps a failed message marked as not sent, and Retry sends it again with the same clientId', async () => {
    let fail = true;
    const fetchMock = chatApi([], { [MESSAGES]: (req) => (fail ? apiError(500, 'INTERNAL', 'Internal error') : echo()(req)) });
    const user = userEvent.setup();
    await openChat();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Are you there?{Enter}');

    expect(await screen.findByText(MESSAGING_MESSAGES.failed, {}, LOAD)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGING_MESSAGES.sendFailed)).toBeInTheDocument();
    expect(rowOf('Are you there?')).toHaveTextContent(MESSAGING_MESSAGES.failed);

    fail = false;
    await user.click(screen.getByRole('button', { name: MESSAGING_MESSAGES.retry }));
    await waitFor(() => expect(screen.queryByText(MESSAGING_MESSAGES.failed)).not.toBeInTheDocument());
    const [first, second] = sentBodies(fetchMock.mock.calls);
    expect(second!.clientId).toBe(first!.clientId);
    expect(first!.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getAllByText('Are you there?')).toHaveLength(1);
  });

  it('disables Send while there is nothing to send', async () => {
    chatApi();
    const user = userEvent.setup();
    await openChat();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(screen.queryByText(MESSAGING_MESSAGES.sending)).not.toBeInTheDocument();
    await user.type(box, 'x');
    expect(send).toBeEnabled();
  });

  it('shows the ended text instead of the composer when the members can no longer message', async () => {
    chatApi([makeMessage({ content: 'Bye' })], {}, makeConversation({ canMessage: false }));
    await openChat();
    expect(screen.getByText(MESSAGING_MESSAGES.ended)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it('swaps the composer for the ended text when a conversation event ends the match', async () => {
    chatApi();
    await openChat();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    act(() => realtime.emitForTest({ type: 'conversation', conversationId: CONVERSATION_ID, canMessage: false }));
    expect(await screen.findByText(MESSAGING_MESSAGES.ended)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });
});

describe('attachments', () => {
  it('refuses files that are not images or videos or are too large, with the texts of the spec', async () => {
    chatApi();
    const user = userEvent.setup({ applyAccept: false });
    await openChat();
    await user.upload(screen.getByLabelText('Choose photos or videos'), [
      makeFile('notes.txt', 'text/plain'),
      makeFile('huge.png', 'image/png', LIMITS.chatImageMaxBytes + 1),
      makeFile('long.mp4', 'video/mp4', LIMITS.chatVideoMaxBytes + 1),
      makeFile('ok.mp4', 'video/mp4', LIMITS.chatImageMaxBytes + 1),
    ]);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(MESSAGING_MESSAGES.attachmentType);
    expect(alert).toHaveTextContent(MESSAGING_MESSAGES.attachmentTooLarge('huge.png', 10));
    expect(alert).toHaveTextContent(MESSAGING_MESSAGES.attachmentTooLarge('long.mp4', 25));
    const picked = within(screen.getByRole('list', { name: 'Attachments' })).getAllByRole('listitem');
    expect(picked).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove ok.mp4' })).toBeInTheDocument();
  });

  it(`takes at most ${LIMITS.messageAttachmentsMax} files, and a thumbnail can be removed`, async () => {
    chatApi();
    const user = userEvent.setup();
    await openChat();
    const files = Array.from({ length: LIMITS.messageAttachmentsMax + 1 }, (_, i) => makeFile(`p${i}.png`, 'image/png'));
    await user.upload(screen.getByLabelText('Choose photos or videos'), files);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGING_MESSAGES.attachmentsMax);
    const list = screen.getByRole('list', { name: 'Attachments' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(LIMITS.messageAttachmentsMax);
    expect(screen.getByRole('button', { name: 'Attach photos or videos' })).toBeDisabled();
    // A picked file alone is enough to send.
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Remove p0.png' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(LIMITS.messageAttachmentsMax - 1);
    expect(screen.getByRole('button', { name: 'Attach photos or videos' })).toBeEnabled();
  });

  it('uploads the files first, then sends the message with their addresses', async () => {
    const urls = [chatMediaUrl('photo0001.webp'), chatMediaUrl('video0001.mp4')];
    let uploads = 0;
    const fetchMock = chatApi([], {
      'POST /api/chat-media': () => {
        const url = urls[uploads++]!;
        return json({ url, kind: url.endsWith('.mp4') ? 'video' : 'image' }, 201);
      },
      [MESSAGES]: echo({ messageType: 'image' }),
    });
    const user = userEvent.setup();
    await openChat();
    await user.upload(screen.getByLabelText('Choose photos or videos'), [makeFile('beach.png', 'image/png'), makeFile('waves.mp4', 'video/mp4')]);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'From today');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument();
    await waitFor(() => expect(sentBodies(fetchMock.mock.calls)).toHaveLength(1));
    const uploadCalls = callsTo(fetchMock.mock.calls, 'POST', '/api/chat-media');
    expect(uploadCalls).toHaveLength(2);
    const body = uploadCalls[0]![1]!.body as FormData;
    expect((body.get('file') as File).name).toBe('beach.png');
    expect(sentBodies(fetchMock.mock.calls)[0]).toMatchObject({ content: 'From today', mediaUrls: urls });

    const row = await waitFor(() => {
      const li = rowOf('From today');
      expect(li.querySelector('video')).not.toBeNull();
      return li;
    });
    expect(within(row).getByRole('img', { name: 'Photo' })).toHaveAttribute('src', urls[0]);
  });

  it('keeps the uploaded files when the send fails, and Retry does not upload them again', async () => {
    let fail = true;
    const fetchMock = chatApi([], {
      'POST /api/chat-media': () => json({ url: chatMediaUrl('photo0002.webp'), kind: 'image' }, 201),
      [MESSAGES]: (req) => (fail ? apiError(503, 'UNAVAILABLE', 'Try later') : echo({ messageType: 'image' })(req)),
    });
    const user = userEvent.setup();
    await openChat();
    await user.upload(screen.getByLabelText('Choose photos or videos'), makeFile('dock.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(MESSAGING_MESSAGES.failed, {}, LOAD)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: MESSAGING_MESSAGES.retry }));
    await waitFor(() => expect(screen.queryByText(MESSAGING_MESSAGES.failed)).not.toBeInTheDocument());
    expect(callsTo(fetchMock.mock.calls, 'POST', '/api/chat-media')).toHaveLength(1);
    const [first, second] = sentBodies(fetchMock.mock.calls);
    expect(second).toEqual(first);
  });
});

describe('attachments, refused', () => {
  it('uploads again once when the server no longer accepts a stored attachment', async () => {
    let sends = 0;
    let uploads = 0;
    const fetchMock = chatApi([], {
      'POST /api/chat-media': () => json({ url: chatMediaUrl(`photo000${++uploads}.webp`), kind: 'image' }, 201),
      [MESSAGES]: (req) =>
        ++sends === 1
          ? json({ error: { code: 'VALIDATION', message: MESSAGING_MESSAGES.attachmentInvalid, fields: { mediaUrls: MESSAGING_MESSAGES.attachmentInvalid } } }, 400)
          : echo({ messageType: 'image' })(req),
    });
    const user = userEvent.setup();
    await openChat();
    await user.upload(screen.getByLabelText('Choose photos or videos'), makeFile('pier.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sentBodies(fetchMock.mock.calls)).toHaveLength(2));
    const [first, second] = sentBodies(fetchMock.mock.calls);
    expect(second!.clientId).toBe(first!.clientId);
    expect(second!.mediaUrls).toEqual([chatMediaUrl('photo0002.webp')]);
    await waitFor(() => expect(screen.queryByText(MESSAGING_MESSAGES.sending)).not.toBeInTheDocument());
    expect(screen.queryByText(MESSAGING_MESSAGES.failed)).not.toBeInTheDocument();
  });

  it('lets the member remove a message the server refuses, and says why', async () => {
    chatApi([], { 'POST /api/chat-media': () => apiError(400, 'VALIDATION', MESSAGING_MESSAGES.attachmentType) });
    const user = userEvent.setup();
    await openChat();
    await user.upload(screen.getByLabelText('Choose photos or videos'), makeFile('odd.png', 'image/png'));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Caption{Enter}');
    expect(await screen.findByText(MESSAGING_MESSAGES.failed, {}, LOAD)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGING_MESSAGES.attachmentType)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove unsent message' }));
    expect(screen.queryByText('Caption')).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGING_MESSAGES.empty)).toBeInTheDocument();
  });
});

describe('message content', () => {
  it('shows photos (opening large), GIFs and videos', async () => {
    chatApi([
      makeMessage({ content: '', messageType: 'image', mediaUrls: [chatMediaUrl('pic00001.webp')] }),
      makeMessage({ content: '', messageType: 'gif', mediaUrls: [chatMediaUrl('fun00001.gif.webp')] }),
      makeMessage({ content: 'Watch', messageType: 'video', mediaUrls: [chatMediaUrl('vid00001.mp4')] }),
    ]);
    const user = userEvent.setup();
    await openChat();
    expect(screen.getByRole('img', { name: 'GIF' })).toHaveAttribute('src', chatMediaUrl('fun00001.gif.webp'));
    const video = rowOf('Watch').querySelector('video')!;
    expect(video).toHaveAttribute('src', chatMediaUrl('vid00001.mp4'));
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');

    await user.click(screen.getByRole('button', { name: 'Open photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo' });
    expect(within(dialog).getByRole('img', { name: 'Photo, full size' })).toHaveAttribute('src', chatMediaUrl('pic00001.webp'));
  });

  it('renders text as text and http(s) links as safe anchors, with a text-only preview card for the first link', async () => {
    const withLink = makeMessage({ content: 'Look <b>here</b>: https://example.com/boats, or javascript:alert(1)', messageType: 'link' });
    const noPreview = makeMessage({ content: 'Also http://quiet.example.org', messageType: 'link' });
    chatApi([withLink, noPreview], {
      [`GET /api/messages/${withLink.id}/link-preview`]: () =>
        json({ url: 'https://example.com/boats', title: '<img src=x onerror="alert(1)">Boats', description: 'Sail away', siteName: 'Example' }),
      [`GET /api/messages/${noPreview.id}/link-preview`]: () => new Response(null, { status: 204 }),
    });
    await openChat();

    const row = rowOf('https://example.com/boats');
    expect(row).toHaveTextContent('Look <b>here</b>:');
    expect(row.querySelector('b')).toBeNull();
    const link = within(row).getByRole('link', { name: 'https://example.com/boats' });
    expect(link).toHaveAttribute('href', 'https://example.com/boats');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(within(row).queryByRole('link', { name: /javascript/ })).not.toBeInTheDocument();

    const card = await within(row).findByTestId('link-preview', {}, LOAD);
    expect(card).toHaveAttribute('href', 'https://example.com/boats');
    expect(card).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(card).toHaveTextContent('<img src=x onerror="alert(1)">Boats');
    expect(card).toHaveTextContent('Sail away');
    expect(card).toHaveTextContent('Example');
    expect(card.querySelector('img')).toBeNull();

    const quiet = rowOf('http://quiet.example.org');
    expect(within(quiet).getByRole('link', { name: 'http://quiet.example.org' })).toBeInTheDocument();
    await waitFor(() => expect(within(quiet).getByTestId('link-preview-slot')).toBeEmptyDOMElement());
  });

  it("shows 'Seen' under the last own message the other member has read", async () => {
    const mine = makeMessage({ senderId: OWN_ID, content: 'Did you get it?' });
    chatApi([mine], {}, makeConversation({ otherLastReadSeq: mine.seq - 1 }));
    await openChat();
    expect(rowOf('Did you get it?')).not.toHaveTextContent('Seen');
    act(() => realtime.emitForTest({ type: 'read', conversationId: CONVERSATION_ID, userId: OTHER_ID, lastReadSeq: mine.seq }));
    await waitFor(() => expect(rowOf('Did you get it?')).toHaveTextContent('Seen'));
  });
});

describe('live messages', () => {
  it('appends a socket message once, even when the event repeats, and marks it read', async () => {
    const fetchMock = chatApi([makeMessage({ content: 'First' })]);
    await openChat();
    await waitFor(() => expect(callsTo(fetchMock.mock.calls, 'POST', `/api/conversations/${CONVERSATION_ID}/read`)).toHaveLength(1));
    const live = makeMessage({ content: 'Just arrived' });
    act(() => realtime.emitForTest({ type: 'message', message: live }));
    expect(await screen.findByText('Just arrived')).toBeInTheDocument();
    act(() => realtime.emitForTest({ type: 'message', message: live }));
    expect(screen.getAllByText('Just arrived')).toHaveLength(1);
    await waitFor(() => expect(callsTo(fetchMock.mock.calls, 'POST', `/api/conversations/${CONVERSATION_ID}/read`)).toHaveLength(2));
    // Messages of other conversations stay out.
    act(() => realtime.emitForTest({ type: 'message', message: makeMessage({ content: 'Elsewhere', conversationId: 'c0c0c0c0-0000-4000-8000-0000000000ff' }) }));
    expect(screen.queryByText('Elsewhere')).not.toBeInTheDocument();
  });

  it('replaces the sending bubble when the socket delivers the saved message first', async () => {
    let clientId = '';
    chatApi([], {
      [MESSAGES]: ({ body }) => {
        clientId = (body as { clientId: string }).clientId;
        return never();
      },
    });
    const user = userEvent.setup();
    await openChat();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Quick one{Enter}');
    expect(screen.getByText(MESSAGING_MESSAGES.sending)).toBeInTheDocument();
    await waitFor(() => expect(clientId).not.toBe(''));
    act(() => realtime.emitForTest({ type: 'message', message: makeMessage({ senderId: OWN_ID, clientId, content: 'Quick one' }) }));
    await waitFor(() => expect(screen.queryByText(MESSAGING_MESSAGES.sending)).not.toBeInTheDocument());
    expect(screen.getAllByText('Quick one')).toHaveLength(1);
  });

  it('loads earlier messages in front, keeping each message once', async () => {
    const older = makeMessage({ content: 'From last week', createdAt: at(10, 0, 7) });
    const newer = makeMessage({ content: 'Today' + ' hi', createdAt: at(10, 0) });
    const fetchMock = mockApi({
      ...signedInAs(makeMe()),
      ...chatHandlers(makeConversation(), []),
      [`GET /api/conversations/${CONVERSATION_ID}/messages`]: ({ url }) =>
        new URL(url, 'http://x').searchParams.get('before') === String(newer.seq)
          ? json({ items: [older], hasMore: false })
          : json({ items: [newer], hasMore: true }),
    });
    const user = userEvent.setup();
    await openChat();
    expect(screen.queryByText('From last week')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(await screen.findByText('From last week')).toBeInTheDocument();
    expect(screen.getAllByText('Today hi')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock.mock.calls, 'GET', `/api/conversations/${CONVERSATION_ID}/messages`).map(([u]) => String(u))).toContain(
      `/api/conversations/${CONVERSATION_ID}/messages?limit=${LIMITS.messagePageSize}&before=${newer.seq}`,
    );
  });
});
