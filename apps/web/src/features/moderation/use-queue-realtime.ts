import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { intlLocale, useT } from '#/lib/i18n';
import { useRealtimeEvent } from '#/lib/realtime/use-realtime';
import { moderationKeys } from './api';
import { catalog } from './i18n';

/**
 * Another moderator's queue changed (moderation:queue: a report filed, or resolved by someone else): every open queue
 * list refetches what its reader may see, so two moderators never work the same report unknowingly. Returns a short
 * text for a polite live region when a new report arrives (screen reader users hear it; no toast interrupts). The text
 * counts the reports since the queue opened, so a second one in the same minute still changes it and is announced.
 */
export function useQueueRealtime(): string {
  const queryClient = useQueryClient();
  const t = useT(catalog);
  const [arrived, setArrived] = React.useState<{ count: number; at: Date } | null>(null);
  useRealtimeEvent((event) => {
    if (event.type !== 'moderation:queue') return;
    void queryClient.invalidateQueries({ queryKey: moderationKeys.queues() });
    if (event.change === 'new') setArrived((a) => ({ count: (a?.count ?? 0) + 1, at: new Date() }));
  });
  if (!arrived) return '';
  const at = arrived.at.toLocaleTimeString(intlLocale(), { hour: 'numeric', minute: '2-digit' });
  return t('moderation.queue.arrived', { count: arrived.count, at });
}
