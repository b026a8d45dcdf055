import * as React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LIMITS, USERNAME_MESSAGES } from '@bayclub/shared';
import { mockApi } from '#/test/render-app';
import { useUsernameAvailability } from './use-username-availability';

/** The username check as the Apply form and Settings use it (Settings passes the member's current name). */
function check(value: string, current?: string) {
  const fetchMock = mockApi();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: React.ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(() => useUsernameAvailability(value, { current }), { wrapper });
  act(() => void vi.advanceTimersByTime(LIMITS.usernameCheckDebounce + 10));
  hook.rerender();
  return { status: hook.result.current, asked: fetchMock.mock.calls.some(([url]) => String(url).includes('/api/usernames/availability')) };
}

describe('useUsernameAvailability and reserved names', () => {
  afterEach(() => void vi.useRealTimers());

  it('a reserved name is invalid with "This username is reserved", without asking the server', () => {
    vi.useFakeTimers();
    const { status, asked } = check('events');
    expect(status).toEqual({ state: 'invalid', message: USERNAME_MESSAGES.reserved });
    expect(asked).toBe(false);
  });

  it('Settings: changing to a reserved name is refused the same way', () => {
    vi.useFakeTimers();
    expect(check('Inbox', 'ann').status).toEqual({ state: 'invalid', message: USERNAME_MESSAGES.reserved });
  });

  it('Settings: a member who holds a reserved name from before is not blocked from saving it unchanged', () => {
    vi.useFakeTimers();
    const { status, asked } = check('events', 'events');
    expect(status).toEqual({ state: 'idle' });
    expect(asked).toBe(false);
  });
});
