import * as React from 'react';
import type { ServerEvent } from '@bayclub/shared';
import { realtime, type SocketStatus } from './realtime-client';

/** Call `handler` for every server event while the component is mounted (the latest handler is used). */
export function useRealtimeEvent(handler: (event: ServerEvent) => void) {
  const ref = React.useRef(handler);
  React.useEffect(() => {
    ref.current = handler;
  });
  React.useEffect(() => realtime.subscribe((e) => ref.current(e)), []);
}

export function useSocketStatus(): SocketStatus {
  return React.useSyncExternalStore(
    (cb) => realtime.onStatus(cb),
    () => realtime.status,
    () => 'idle',
  );
}
