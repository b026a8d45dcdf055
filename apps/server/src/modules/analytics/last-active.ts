import { sql } from 'drizzle-orm';
import { ADMIN_LIMITS } from '@bayclub/shared';
import type { DbOrTx } from '../../db/client.js';
import { profiles } from '../../db/schema/index.js';

/**
 * The back office's "last active" (issue 23): stamped at an app open and at sign-in, at most once a minute per
 * member. One conditional UPDATE: when the stamp is fresh it matches no row and writes nothing (no second statement
 * to read it first). profiles' Actor trigger ignores this column, so no session cache is dropped.
 */
export async function stampLastActive(db: DbOrTx, userId: string) {
  await db.execute(sql`
    update ${profiles} set last_active_at = now()
    where id = ${userId}::uuid
      and (last_active_at is null or last_active_at < now() - make_interval(secs => ${ADMIN_LIMITS.lastActiveEverySeconds}))`);
}
