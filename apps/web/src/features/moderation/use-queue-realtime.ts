import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '#/lib/realtime/use-realtime';
import { moderationKeys } from './api';

/**
 * Another moderator's queue changed (moderation:queue: a report filed, or resolved by someone else): every open queue
 * list refetches what its reader may see, so two moderators never work the same report unknowingly. Returns a short
 * text for a polite live region when a new report arrives (screen reader users hear it; no toast interrupts).
 */
export function useQueueRealtime(): string {
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = React.useState('');
  useRealtimeEvent((event) => {
    if (event.type !== 'moderation:queue') return;
    void queryClient.invalidateQueries({ queryKey: moderationKeys.queues() });
    if (event.change === 'new') setAnnouncement(`A new report arrived at ${new Date().toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}.`);
  });
  return announcement;
}
