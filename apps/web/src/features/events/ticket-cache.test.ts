import { describe, expect, it } from 'vitest';
import { isSignOutRequest, isTicketRequest, TICKET_CACHE } from './ticket-cache';

const req = (path: string, method = 'GET', sameOrigin = true) => ({ url: new URL(path, 'https://club.example'), request: { method }, sameOrigin });

describe('the service worker ticket rule', () => {
  it('caches only GET /api/events/:id/ticket on our origin', () => {
    expect(isTicketRequest(req('/api/events/0b5c6f0e-8a51-4b7f-9d62-3e1f2a4b5c6d/ticket'))).toBe(true);
    expect(isTicketRequest(req('/api/events/e1/ticket', 'POST'))).toBe(false);
    expect(isTicketRequest(req('/api/events/e1/ticket', 'GET', false))).toBe(false);
    for (const other of ['/api/events/e1', '/api/events/e1/check-ins', '/api/events/e1/ticket/x', '/api/events//ticket', '/api/me', '/events/e1/ticket'])
      expect(isTicketRequest(req(other)), other).toBe(false);
  });

  it('keeps 50 tickets for 30 days in the "tickets" cache, and drops them on sign-out', () => {
    expect(TICKET_CACHE).toMatchObject({ name: 'tickets', maxEntries: 50, maxAgeSeconds: 2_592_000 });
    expect(isSignOutRequest(req('/api/session/sign-out', 'POST'))).toBe(true);
    expect(isSignOutRequest(req('/api/session/sign-out', 'GET'))).toBe(false);
  });
});
