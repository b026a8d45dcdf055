/**
 * "Download your data" (issue 24, decision 036): Settings → Security asks for an archive of everything the member
 * gave the club; the server prepares it in the background and mails a link to Settings → Security, where the
 * member, signed in, downloads it for LINK_DAYS days.
 */
export const DATA_EXPORT_LIMITS = {
  /** Days the archive and its link live. */
  linkDays: 7,
  /** A new archive at most once a day (it reads every table and every photo of the member). */
  cooldownHours: 24,
  /** An archive still "preparing" after this long failed (its process stopped). */
  staleMinutes: 30,
} as const;

export type DataExportStatus = 'none' | 'preparing' | 'ready' | 'failed' | 'expired';

/** GET/POST /api/account/export: the member's latest request. */
export interface DataExportView {
  status: DataExportStatus;
  requestedAt: string | null;
  readyAt: string | null;
  expiresAt: string | null;
  sizeBytes: number | null;
  /** When a new archive may be asked for (null: now). */
  nextRequestAt: string | null;
}

export const DATA_EXPORT_MESSAGES = {
  requested: "We are preparing your data. We'll email you a link when it is ready.",
  tooSoon: 'You asked for your data less than a day ago. Use the link we emailed, or try again tomorrow.',
  notReady: 'There is no archive of your data to download. Ask for one in Settings → Security.',
  failed: 'Preparing your data failed. Please try again.',
} as const;

