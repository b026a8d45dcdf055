import { DATA_EXPORT_LIMITS, type DataExportView } from '@bayclub/shared';
import type { DataExportRow } from './repository.js';

const HOUR = 60 * 60 * 1000;

/** The member's latest request as Settings shows it; an archive past its time reads 'expired' even before the sweep. */
export function presentExport(row: DataExportRow | null, now = new Date()): DataExportView {
  if (!row) return { status: 'none', requestedAt: null, readyAt: null, expiresAt: null, sizeBytes: null, nextRequestAt: null };
  const expired = row.status === 'expired' || (row.status === 'ready' && row.expiresAt !== null && row.expiresAt <= now);
  const next = new Date(row.createdAt.getTime() + DATA_EXPORT_LIMITS.cooldownHours * HOUR);
  return {
    status: expired ? 'expired' : row.status,
    requestedAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: expired ? null : row.sizeBytes,
    // A failed request may be asked again at once; otherwise once a day.
    nextRequestAt: row.status === 'failed' || next <= now ? null : next.toISOString(),
  };
}
