import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { emitProfileUpdated, useProfileUpdateEvents } from './profile-events';
import { sessionKeys } from './api';

function setup() {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(() => useProfileUpdateEvents(), { wrapper });
  return { invalidate, hook };
}

describe('profile-updated events (spec 4: refetch debounced by 1 s)', () => {
  it('a burst of events in this tab refetches the member once, a second later', async () => {
    vi.useFakeTimers();
    try {
      const { invalidate } = setup();
      emitProfileUpdated('profile');
      emitProfileUpdated('picture');
      vi.advanceTimersByTime(900);
      emitProfileUpdated('profile');
      vi.advanceTimersByTime(999);
      expect(invalidate).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(invalidate).toHaveBeenCalledTimes(1);
      expect(invalidate).toHaveBeenCalledWith({ queryKey: sessionKeys.me });
    } finally {
      vi.useRealTimers();
    }
  });

  it("another tab's event (BroadcastChannel) refetches this tab too", async () => {
    const { invalidate, hook } = setup();
    const otherTab = new BroadcastChannel('bayclub-profile-events');
    otherTab.postMessage('profile-updated');
    otherTab.close();
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(1), { timeout: 3000 });
    hook.unmount();
  });
});
