import type { DbOrTx } from '../db/client.js';
import { publish } from './bus.js';

declare module './bus.js' {
  interface BusEvents {
    /**
     * Report r (of community c, or none: a member, message or place report) was filed (s 'new') or resolved
     * ('resolved'). Moderation delivers it to the moderators who may see that report (modules/moderation/realtime.ts).
     */
    modq: { r: string; c: string | null; s: 'new' | 'resolved' };
  }
}

/**
 * Tell the moderators' open queues that a report came or went. Reports are filed in several modules (safety: members
 * and shared messages; posts: posts and comments; moderation: events and places) and resolved in moderation, so the
 * announcement lives on this floor; call it inside the writing transaction (delivered at COMMIT, never on rollback).
 */
export function announceReport(tx: DbOrTx, report: { id: string; communityId: string | null; change: 'new' | 'resolved' }) {
  return publish(tx, { k: 'modq', r: report.id, c: report.communityId, s: report.change });
}
