import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../access/index.js';
import { communityViewer } from './policy.js';
import * as repo from './repository.js';

export type CommunityBanOutcome = 'banned' | 'already' | 'not_allowed' | 'gone';

/**
 * A moderator's ban from the reports queue (issue 23), in the moderator's transaction and under the community's row
 * lock, with the rules of the Members tab: the caller moderates the community; never its creator; a moderator only
 * by the creator or an admin. A member with no row (they left) gets a banned row, so they cannot come back.
 */
export async function banFromCommunity(tx: DbOrTx, actor: Actor, communityId: string, userId: string): Promise<CommunityBanOutcome> {
  const community = await repo.findCommunity(tx, communityId, { lock: true });
  if (!community) return 'gone';
  const mine = await repo.findMembership(tx, communityId, actor.userId);
  const viewer = communityViewer(actor, community, mine);
  if (!viewer?.canModerate) return 'not_allowed';
  const target = await repo.findMembership(tx, communityId, userId);
  if (target?.role === 'creator') return 'not_allowed';
  if (target?.role === 'moderator' && target.status === 'active' && !viewer.canEdit) return 'not_allowed';
  if (target?.status === 'banned') return 'already';
  if (!target) {
    await repo.insertMembership(tx, { communityId, userId, role: 'member', status: 'banned' });
    return 'banned';
  }
  await repo.updateMembership(tx, communityId, userId, { status: 'banned', role: 'member', restart: true });
  if (target.status === 'active') await repo.adjustMemberCount(tx, communityId, -1);
  return 'banned';
}
