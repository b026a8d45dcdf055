import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { activateLocale } from '#/lib/i18n';
import { json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import './i18n';
import { chatHandlers, CONVERSATION_ID, makeConversation, makeMessage, OTHER_CONVERSATION_ID, OTHER_ID, OWN_ID } from './messaging-fixtures';

const LOAD = { timeout: 5000 };

describe('messaging in Spanish (issue 26)', () => {
  it('the inbox: title, own preview, media kind and unread count', async () => {
    await activateLocale('es');
    const now = new Date().toISOString();
    mockApi({
      ...signedInAs(makeMe()),
      'GET /api/conversations': () =>
        json({
          items: [
            makeConversation({ unreadCount: 2, lastMessage: { senderId: OTHER_ID, content: '', messageType: 'image', createdAt: now } }),
            makeConversation({
              id: OTHER_CONVERSATION_ID,
              lastMessage: { senderId: OWN_ID, content: 'Nos vemos', messageType: 'text', createdAt: now },
            }),
          ],
          nextCursor: null,
        }),
      'GET /api/messages/unread-count': () => json({ count: 2 }),
    });
    renderApp('/inbox');
    const list = await screen.findByRole('list', { name: 'Conversaciones' }, LOAD);
    expect(screen.getByRole('heading', { level: 1, name: 'Mensajes' })).toBeInTheDocument();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Foto');
    expect(first).toHaveTextContent('2 mensajes sin leer');
    expect(second).toHaveTextContent('Tú: Nos vemos');
  });

  it('the chat: back link, message log, composer and who wrote each message', async () => {
    const conversation = makeConversation();
    mockApi({ ...signedInAs(makeMe()), ...chatHandlers(conversation, [makeMessage({ senderId: OWN_ID, content: 'Hola' })]) });
    renderApp(`/chat/${CONVERSATION_ID}`);
    await screen.findByRole('log', { name: 'Messages' }, LOAD);
    // Switched on screen, as from Settings: every catalogue the chat uses (its menus' too) loads first.
    await act(() => activateLocale('es'));
    const log = screen.getByRole('log', { name: 'Mensajes' });
    expect(screen.getByRole('link', { name: 'Volver a los mensajes' })).toHaveAttribute('href', '/inbox');
    expect(within(log).getByText('Hola').closest('li')).toHaveTextContent('Tú: Hola');
    expect(screen.getByRole('textbox', { name: 'Mensaje' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adjuntar fotos o videos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  });
});
