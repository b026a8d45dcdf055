import type { Hub } from '../realtime/index.js';

declare module '../../platform/bus.js' {
  interface BusEvents {
    /** Hellos, matches or blocks of these users changed. */
    conn: { u: string[] };
  }
}

/** The members whose hellos, matches or blocks changed refetch their lists and relationships. */
export function registerConnectionsRealtime(hub: Hub) {
  hub.register('conn', { recipients: (event) => event.u, payload: () => ({ type: 'connections' }) });
}
