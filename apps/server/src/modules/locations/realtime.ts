import type { Db } from '../../db/client.js';
import type { Hub } from '../realtime/index.js';
import { hereNowRecipients } from './repository.js';

declare module '../../platform/bus.js' {
  interface BusEvents {
    /**
     * Member u checked in or out (or deleted a check-in) at place id, visible to v's audience; l: limited members
     * may see places (the view_locations flag when it was published).
     */
    loc: { id: string; u: string; v: 'public' | 'connections'; l: boolean };
  }
}

/** Ids only: open place pages and lists of the members who may see the check-in refetch what they may see. */
export function registerLocationsRealtime(hub: Hub, db: Db) {
  hub.register('loc', {
    recipients: (e, local) => hereNowRecipients(db, local, { checker: e.u, visibility: e.v, limitedMayView: e.l }),
    payload: (e) => ({ type: 'location:here-now', locationId: e.id }),
  });
}
