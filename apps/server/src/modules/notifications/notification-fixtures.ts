import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { renderNotification } from './kinds.js';

/** Stored notifications with the words their kind renders in English (tests read what a member would be shown). */
export async function renderedNotifications(db: DbOrTx, where?: SQL) {
  const rows = await db.select().from(notifications).where(where);
  return rows.map((row) => ({ ...row, ...renderNotification(row, 'en') }));
}
