import type { Db } from '../../db/client.js';
import type { Hub } from '../realtime/index.js';
import { presentNotification } from './presenter.js';
import { findNotification } from './repository.js';

declare module '../../platform/bus.js' {
  interface BusEvents {
    /** A notification was created or updated for user u. */
    notif: { id: string; u: string };
  }
}

/** A new or refreshed notification reaches its member's sockets, with their unread totals. */
export function registerNotificationsRealtime(hub: Hub, db: Db) {
  hub.register('notif', {
    async deliver(event, sockets) {
      if (!sockets.isLocal(event.u)) return;
      const found = await findNotification(db, event.u, event.id);
      // In the member's saved language (every member who used the app since issue 26 has one; English otherwise).
      if (found) sockets.sendTo(event.u, { type: 'notification', notification: presentNotification(found.row, found.language ?? 'en') });
      await sockets.refresh('unread', event.u);
    },
  });
}
