import type { DeleteDataStatusView } from '@bayclub/shared';
import type { DeletionRequestRow } from './repository.js';

/**
 * A request's status, whoever asks with its code: never the address, the account or the source. An unconfirmed
 * request reads 'received' until it expires, whether or not its address had an account.
 */
export function presentStatus(row: DeletionRequestRow, now: Date): DeleteDataStatusView {
  const status = row.status === 'received' && row.expiresAt <= now ? 'expired' : row.status;
  return {
    confirmationCode: row.code,
    status,
    receivedAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    doneAt: row.doneAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}
