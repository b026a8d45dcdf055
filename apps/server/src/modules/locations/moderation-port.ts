import type { LimitedUserFlags } from '@bayclub/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../access/index.js';
import { locationAccess, placeManagement } from './policy.js';
import * as repo from './repository.js';

/**
 * What the moderation module (issue 23) asks of places: whether a caller may report a place (exactly those who
 * can open its page) and who made it, and a moderator's deactivation of a reported place in their transaction.
 */
export async function reportablePlace(db: DbOrTx, actor: Actor, flags: LimitedUserFlags, placeId: string) {
  const access = locationAccess(actor, flags);
  if (!access.canView) return null;
  const place = await repo.findLocation(db, placeId, actor.userId);
  if (!place) return null;
  if (!place.active && !placeManagement(access, place).canManage) return null;
  return { id: place.id, name: place.name, active: place.active };
}

/** Deactivate a place (the report queue's "remove"): answers false when it was inactive already. */
export async function deactivatePlaceForModeration(tx: DbOrTx, placeId: string): Promise<boolean> {
  const place = await repo.findLocation(tx, placeId, '00000000-0000-0000-0000-000000000000', { lock: true });
  if (!place || !place.active) return false;
  await repo.updateLocation(tx, placeId, { active: false });
  return true;
}
