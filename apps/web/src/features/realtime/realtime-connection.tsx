import * as React from 'react';
import { MessagingRealtimeBridge } from '#/features/messaging/messaging-bridge';
import { NotificationsRealtimeBridge } from '#/features/notifications/notifications-bridge';
import { SessionRealtimeBridge } from '#/features/auth/session-bridge';
import { realtime } from './realtime-client';

/** Mounted once inside the signed-in layout: opens the tab's socket and keeps the caches it feeds current. */
export function RealtimeConnection() {
  React.useEffect(() => {
    realtime.start();
    return () => realtime.stop();
  }, []);
  return (
    <>
      <MessagingRealtimeBridge />
      <NotificationsRealtimeBridge />
      <SessionRealtimeBridge />
    </>
  );
}
