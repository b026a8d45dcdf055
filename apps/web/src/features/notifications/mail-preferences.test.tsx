import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster, toast } from 'sonner';
import { MAIL_MESSAGES, type MailPreferencesView } from '@bayclub/shared';
import { createQueryClient } from '#/lib/query-client';
import { apiError, json, mockApi, type Handler } from '#/test/render-app';
import { MailPreferences } from './mail-preferences';
import en from './locales/en.json';

const MAIL_PREFERENCES_LABEL = en['notifications.mail.title'];

const ALL_ON: MailPreferencesView = { approval: true, reminders: true, waitlist: true, digest: true };

function renderChoices(handlers: Record<string, Handler>) {
  const fetchMock = mockApi(handlers);
  toast.dismiss();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MailPreferences />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), fetchMock };
}

describe('the mail choices (Settings → Notifications)', () => {
  it('are folded and not read until opened; then one switch per mail, as the server has them, each saved at once', async () => {
    const puts: unknown[] = [];
    let stored: MailPreferencesView = { ...ALL_ON, waitlist: false };
    const { user, fetchMock } = renderChoices({
      'GET /api/me/mail-preferences': () => json(stored),
      'PUT /api/me/mail-preferences': ({ body }) => {
        puts.push(body);
        stored = { ...stored, ...(body as Partial<MailPreferencesView>) };
        return json(stored);
      },
    });
    expect(screen.queryByRole('switch')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('mail-preferences'))).toBe(false);

    await user.click(screen.getByText(MAIL_PREFERENCES_LABEL));
    const digest = await screen.findByRole('switch', { name: 'Daily digest' });
    expect(digest).toBeChecked();
    expect(digest).toHaveAccessibleDescription(/what you missed/);
    expect(screen.getByRole('switch', { name: 'Waitlist' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Event reminders' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Membership approved' })).toBeChecked();

    await user.click(digest);
    expect(digest).not.toBeChecked();
    await waitFor(() => expect(puts).toEqual([{ digest: false }]));
    expect(await screen.findByText(MAIL_MESSAGES.saved)).toBeInTheDocument();

    // Keyboard: Space on a focused switch turns it back on.
    digest.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(puts).toEqual([{ digest: false }, { digest: true }]));
    expect(digest).toBeChecked();
  });

  it('put a switch back and say so when the save fails', async () => {
    const { user } = renderChoices({
      'GET /api/me/mail-preferences': () => json(ALL_ON),
      'PUT /api/me/mail-preferences': () => apiError(500, 'INTERNAL', 'Something went wrong'),
    });
    await user.click(screen.getByText(MAIL_PREFERENCES_LABEL));
    const reminders = await screen.findByRole('switch', { name: 'Event reminders' });
    await user.click(reminders);
    await waitFor(() => expect(reminders).toBeChecked());
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it('say when they cannot be read', async () => {
    const { user } = renderChoices({ 'GET /api/me/mail-preferences': () => apiError(403, 'FORBIDDEN', 'You do not have access to this') });
    await user.click(screen.getByText(MAIL_PREFERENCES_LABEL));
    expect(await screen.findByRole('alert')).toHaveTextContent(MAIL_MESSAGES.loadFailed);
  });
});
