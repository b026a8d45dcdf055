import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIMITS, REPORT_REASON_LABELS, SAFETY_MESSAGES } from '@bayclub/shared';
import { Providers } from '#/app/providers';
import { createQueryClient } from '#/lib/query-client';
import { apiError, json, mockApi, type Handler } from '#/test/render-app';
import { deferred, noContent } from '#/features/connections/connection-fixtures';
import { MemberSafetyActions } from './member-safety-actions';

const USER_ID = '0b7e3c1a-2f4d-4e5a-8b6c-7d8e9f0a1b2c';
const CONVERSATION_ID = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';

function renderActions(handlers: Record<string, Handler>, props: Partial<React.ComponentProps<typeof MemberSafetyActions>> = {}) {
  const fetchMock = mockApi(handlers);
  const onBlocked = vi.fn();
  render(
    <Providers queryClient={createQueryClient()}>
      <MemberSafetyActions userId={USER_ID} name="Alex Moreno" onBlocked={onBlocked} {...props} />
    </Providers>,
  );
  return { fetchMock, onBlocked, user: userEvent.setup() };
}

const posts = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => url === path && init?.method === 'POST');

async function openMenuItem(user: ReturnType<typeof userEvent.setup>, item: 'Block' | 'Report') {
  await user.click(screen.getByRole('button', { name: 'More actions for Alex Moreno' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('block', () => {
  it('asks first with the shared texts, then blocks, says so and calls onBlocked', async () => {
    let body: unknown;
    const answer = deferred();
    const { onBlocked, user } = renderActions({
      'POST /api/blocks': (req) => {
        body = req.body;
        return answer.promise;
      },
    });
    await openMenuItem(user, 'Block');
    const dialog = await screen.findByRole('alertdialog', { name: SAFETY_MESSAGES.blockTitle });
    expect(dialog).toHaveAccessibleDescription(SAFETY_MESSAGES.blockBody);
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    // The dialog waits for the answer.
    expect(within(dialog).getByRole('button', { name: 'Blocking...' })).toBeDisabled();
    expect(onBlocked).not.toHaveBeenCalled();
    answer.resolve(noContent());
    expect(await screen.findByText(SAFETY_MESSAGES.blocked)).toBeInTheDocument();
    expect(body).toEqual({ userId: USER_ID });
    expect(onBlocked).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('blocks nothing on Cancel and gives focus back to the menu button', async () => {
    const { fetchMock, onBlocked, user } = renderActions({});
    await openMenuItem(user, 'Block');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(posts(fetchMock, '/api/blocks')).toHaveLength(0);
    expect(onBlocked).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'More actions for Alex Moreno' })).toHaveFocus());
  });

  it('stays open and says why when the block fails', async () => {
    const { onBlocked, user } = renderActions({
      'POST /api/blocks': () => apiError(400, 'BAD_REQUEST', SAFETY_MESSAGES.cannotBlockSelf),
    });
    await openMenuItem(user, 'Block');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText(SAFETY_MESSAGES.cannotBlockSelf)).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(onBlocked).not.toHaveBeenCalled();
  });
});

describe('report', () => {
  it('requires a reason', async () => {
    const { fetchMock, user } = renderActions({});
    await openMenuItem(user, 'Report');
    const dialog = await screen.findByRole('dialog', { name: SAFETY_MESSAGES.reportTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(SAFETY_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.spam })).toHaveFocus();
    expect(posts(fetchMock, '/api/reports')).toHaveLength(0);
  });

  it("requires details for 'Something else'", async () => {
    const { fetchMock, user } = renderActions({});
    await openMenuItem(user, 'Report');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.other }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(SAFETY_MESSAGES.detailsRequired)).toBeInTheDocument();
    expect(posts(fetchMock, '/api/reports')).toHaveLength(0);
  });

  it('caps details at 1000 characters and refuses more', async () => {
    const { fetchMock, user } = renderActions({});
    await openMenuItem(user, 'Report');
    const dialog = await screen.findByRole('dialog');
    const details = within(dialog).getByRole('textbox', { name: /Details/ });
    expect(details).toHaveAttribute('maxlength', String(LIMITS.reportDetailsMax));
    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.harassment }));
    // A paste can get past maxlength in some browsers; the schema still refuses it.
    fireEvent.change(details, { target: { value: 'x'.repeat(LIMITS.reportDetailsMax + 1) } });
    expect(within(dialog).getByText(`1001/${LIMITS.reportDetailsMax} characters`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(SAFETY_MESSAGES.detailsTooLong)).toBeInTheDocument();
    expect(posts(fetchMock, '/api/reports')).toHaveLength(0);
  });

  it('sends the reason, details and the conversation, then thanks the member', async () => {
    let body: unknown;
    const { user } = renderActions(
      {
        'POST /api/reports': (req) => {
          body = req.body;
          return json({ id: 'r1' }, 201);
        },
      },
      { conversationId: CONVERSATION_ID },
    );
    await openMenuItem(user, 'Report');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.other }));
    await user.type(within(dialog).getByRole('textbox', { name: /Details/ }), '  Asked for money  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(SAFETY_MESSAGES.reported)).toBeInTheDocument();
    expect(body).toEqual({ userId: USER_ID, reason: 'other', details: 'Asked for money', conversationId: CONVERSATION_ID });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('leaves details out when empty, and keeps the form when sending fails', async () => {
    let body: unknown;
    let fail = true;
    const { user } = renderActions({
      'POST /api/reports': (req) => {
        body = req.body;
        return fail ? apiError(400, 'BAD_REQUEST', 'Report refused') : json({ id: 'r1' }, 201);
      },
    });
    await openMenuItem(user, 'Report');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.spam }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Report refused')).toBeInTheDocument();
    expect(body).toEqual({ userId: USER_ID, reason: 'spam' });
    expect(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.spam })).toBeChecked();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(SAFETY_MESSAGES.reported)).toBeInTheDocument();
  });
});
