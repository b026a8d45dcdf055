import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES } from '@bayclub/shared';
import { renderSettings } from '#/features/settings/settings-test-harness';
import { apiError, json, type Handler } from '#/test/render-app';

const deleted = () => json({ success: true, message: ACCOUNT_MESSAGES.deleted });

async function openDelete(handler: Handler = deleted) {
  const bodies: unknown[] = [];
  const rendered = await renderSettings({
    initialSection: 'security',
    handlers: {
      'POST /api/account/delete': (req) => {
        bodies.push(req.body);
        return handler(req);
      },
    },
  });
  await rendered.user.click(rendered.dialog.getByRole('button', { name: 'Delete Account' }));
  const warning = within(await screen.findByRole('alertdialog', { name: 'Delete Account' }));
  return { ...rendered, warning, bodies };
}

async function toTypingStep(rendered: Awaited<ReturnType<typeof openDelete>>) {
  await rendered.user.click(rendered.warning.getByRole('button', { name: 'Continue' }));
  return within(await screen.findByRole('alertdialog', { name: 'Confirm account deletion' }));
}

describe('delete account dialog', () => {
  it('warns first about everything that is deleted', async () => {
    const { warning } = await openDelete();
    expect(warning.getByText(/cannot be undone/)).toBeInTheDocument();
    for (const thing of [/profile/i, /photos/i, /messages/i, /Everything else/]) {
      expect(warning.getAllByText(thing).length).toBeGreaterThan(0);
    }
    expect(warning.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("enables 'Delete Account' only for exactly DELETE ('delete' does not)", async () => {
    const rendered = await openDelete();
    const step = await toTypingStep(rendered);
    const input = step.getByLabelText(/Type DELETE to confirm/);
    const confirm = step.getByRole('button', { name: 'Delete Account' });
    expect(confirm).toBeDisabled();
    await rendered.user.type(input, 'delete');
    expect(confirm).toBeDisabled();
    await rendered.user.clear(input);
    await rendered.user.type(input, 'Delete');
    expect(confirm).toBeDisabled();
    await rendered.user.clear(input);
    await rendered.user.type(input, 'DELETE');
    expect(confirm).toBeEnabled();
  });

  it('posts the confirmation, signs out and goes to /', async () => {
    const rendered = await openDelete();
    const step = await toTypingStep(rendered);
    await rendered.user.type(step.getByLabelText(/Type DELETE to confirm/), 'DELETE');
    await rendered.user.click(step.getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(rendered.bodies).toEqual([{ confirmation: 'DELETE' }]);
    expect(screen.getByText(ACCOUNT_MESSAGES.deleted)).toBeInTheDocument();
  });

  it.each([
    ['a server failure', () => apiError(500, 'INTERNAL', ACCOUNT_MESSAGES.deleteFailed), ACCOUNT_MESSAGES.deleteFailedToast],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), ACCOUNT_MESSAGES.deleteFailedToast],
    ['the last admin', () => apiError(409, 'CONFLICT', ACCOUNT_MESSAGES.lastAdmin), ACCOUNT_MESSAGES.lastAdmin],
    ['no user', () => apiError(404, 'NOT_FOUND', ACCOUNT_MESSAGES.noUser), ACCOUNT_MESSAGES.noUser],
    ['success: false', () => json({ success: false, message: 'Could not delete right now' }), 'Could not delete right now'],
  ] as const)('shows what went wrong for %s and stays', async (_case, handler, message) => {
    const rendered = await openDelete(handler as Handler);
    const step = await toTypingStep(rendered);
    await rendered.user.type(step.getByLabelText(/Type DELETE to confirm/), 'DELETE');
    await rendered.user.click(step.getByRole('button', { name: 'Delete Account' }));
    expect(await step.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText('Home page')).not.toBeInTheDocument();
    expect(step.getByRole('button', { name: 'Delete Account' })).toBeEnabled();
  });
});
