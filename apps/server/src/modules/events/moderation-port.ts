import { eventPath } from '@bayclub/shared';
import type { DbOrTx } from '../../db/client.js';
import type { AfterCommit } from '../../platform/after-commit.js';
import type { Actor } from '../access/index.js';
import type { Notifier } from '../notifications/index.js';
import { loadEventAccess } from './access.js';
import { eventCancelledNotification } from './notifications.js';
import { eventViewer } from './policy.js';
import * as repo from './repository.js';
import { publishRegistrationChange } from './service.js';

/**
 * What the moderation module (issue 23) asks of events: whether a caller may report an event (exactly those who
 * can open its page), and a moderator's cancellation of a reported event in the moderator's transaction.
 */
export async function reportableEvent(db: DbOrTx, actor: Actor, eventId: string) {
  const facts = await loadEventAccess(db, eventId, actor.userId);
  if (!facts) return null;
  if (!eventViewer(actor, facts, { scanAllowed: false }).canView) return null;
  return { id: facts.id, communityId: facts.communityId, createdBy: facts.createdBy, status: facts.status };
}

/**
 * Cancel an event for a moderator (the report queue's "remove"): under the event's row lock, everyone going or
 * waitlisted hears of it as of any cancellation. Answers false when it was cancelled already (nothing written).
 */
export async function cancelEventForModeration(tx: DbOrTx, after: AfterCommit, notifier: Notifier, eventId: string): Promise<boolean> {
  const facts = await loadEventAccess(tx, eventId, null, { lock: true });
  if (!facts || facts.status === 'cancelled') return false;
  const current = await repo.findEventCore(tx, eventId);
  if (!current) return false;
  await repo.updateEvent(tx, eventId, { status: 'cancelled', cancelledAt: new Date() }, { bumpSequence: true });
  const told = await notifier.notifyMany(tx, after, repo.registeredMembersSql(eventId), {
    kind: eventCancelledNotification,
    params: { eventTitle: current.title },
    relatedId: eventId,
    path: eventPath(eventId),
  });
  await publishRegistrationChange(tx, eventId, told);
  return true;
}
