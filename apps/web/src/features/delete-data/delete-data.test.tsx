import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DELETE_DATA_MESSAGES } from '@bayclub/shared';
import { apiError, json, mockApi, renderApp } from '#/test/render-app';

const CODE = 'ABCDEFGHJKLMNPQR';
const answer = { confirmationCode: CODE, statusPath: `/delete-data/status/${CODE}`, message: DELETE_DATA_MESSAGES.received };

describe('/delete-data', () => {
  it('explains what is deleted and kept, and checks the email with the shared schema', async () => {
    const fetch = mockApi();
    renderApp('/delete-data');
    expect(await screen.findByRole('heading', { name: 'Delete your data', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What is kept, and why' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email of the account'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send the confirmation link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/delete-data'))).toBe(false);
  });

  it('shows the confirmation code and the status link once sent', async () => {
    const fetch = mockApi({ 'POST /api/delete-data/requests': () => json(answer, 202) });
    renderApp('/delete-data');
    await userEvent.type(await screen.findByLabelText('Email of the account'), 'Someone@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the confirmation link' }));
    expect(await screen.findByText(CODE)).toBeInTheDocument();
    expect(screen.getByText(DELETE_DATA_MESSAGES.received)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Follow your request' })).toHaveAttribute('href', `/delete-data/status/${CODE}`);
    const call = fetch.mock.calls.find(([url]) => String(url).includes('/api/delete-data/requests'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ email: 'someone@example.com' });
  });

  it('keeps the typed email when the request fails', async () => {
    mockApi({ 'POST /api/delete-data/requests': () => apiError(429, 'RATE_LIMITED', 'Too many requests. Please wait a moment.') });
    renderApp('/delete-data');
    const field = await screen.findByLabelText('Email of the account');
    await userEvent.type(field, 'someone@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the confirmation link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
    expect(screen.getByLabelText('Email of the account')).toHaveValue('someone@example.com');
  });
});

describe('/delete-data/status/:code', () => {
  const view = (status: string, extra: Record<string, unknown> = {}) => ({
    confirmationCode: CODE,
    status,
    receivedAt: '2026-11-28T10:00:00.000Z',
    confirmedAt: null,
    doneAt: null,
    expiresAt: '2026-11-29T10:00:00.000Z',
    ...extra,
  });

  it('shows a received request and its steps', async () => {
    mockApi({ [`GET /api/delete-data/status/${CODE}`]: () => json(view('received')) });
    renderApp(`/delete-data/status/${CODE}`);
    expect(await screen.findByText('Received', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText(/Confirmed: not yet/)).toBeInTheDocument();
    expect(screen.getByText(/Done: not yet/)).toBeInTheDocument();
  });

  it('shows a done request', async () => {
    const at = '2026-11-28T10:05:00.000Z';
    mockApi({ [`GET /api/delete-data/status/${CODE}`]: () => json(view('done', { confirmedAt: at, doneAt: at })) });
    renderApp(`/delete-data/status/${CODE}`);
    expect(await screen.findByText('Done', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText(/the account and its data have been deleted/)).toBeInTheDocument();
    expect(screen.queryByText(/not yet/)).not.toBeInTheDocument();
  });

  it('says so for an unknown code', async () => {
    mockApi({ [`GET /api/delete-data/status/${CODE}`]: () => apiError(404, 'NOT_FOUND', DELETE_DATA_MESSAGES.notFound) });
    renderApp(`/delete-data/status/${CODE}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(DELETE_DATA_MESSAGES.notFound);
  });
});
