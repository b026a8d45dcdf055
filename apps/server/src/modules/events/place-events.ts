import type { EventSummaryView } from '@bayclub/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../access/index.js';
import { presentSummary } from './presenter.js';
import { listEvents } from './repository.js';
import { viewerOf } from './service.js';

/**
 * The events at a place from `from` on that the caller may see, soonest first, at most `limit` (a place's page,
 * issue 12): the events list's own statement and visibility rule.
 */
export async function eventsAtPlace(db: DbOrTx, actor: Actor, locationId: string, opts: { from: Date; limit: number }): Promise<EventSummaryView[]> {
  const rows = await listEvents(db, viewerOf(actor), { from: opts.from, locationId }, { cursor: null, limit: opts.limit });
  return rows.slice(0, opts.limit).map(presentSummary);
}
