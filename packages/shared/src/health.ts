/**
 * The back office's Health section (issue 23, decision 029): GET /api/admin/health (admins only) and the public
 * liveness/readiness pair for a load balancer (GET /api/health/live, GET /api/health/ready), which say nothing secret.
 */

/** Sent / failed (and, for push, expired subscriptions) over a period; days are UTC days. */
export interface DeliveryFiguresView {
  sent: number;
  failed: number;
  expired: number;
}

export interface JobRunView {
  name: string;
  label: string;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  runs: number;
}

export type PaymentsMode = 'local' | 'test' | 'live';

export interface AdminHealthView {
  checkedAt: string;
  version: string;
  uptimeSeconds: number;
  database: {
    engine: 'pglite' | 'postgres';
    /** Migrations applied (the schema's version). */
    migrations: number;
    /** The newest row of `backups` (npm run admin -- backup). */
    lastBackupAt: string | null;
    lastBackupBytes: number | null;
  };
  mail: {
    /** smtp: SMTP_URL is set; console: mails are printed on the server's output instead of sent. */
    transport: 'smtp' | 'console';
    queued: number;
    /** Queued mails whose last attempt failed (they are retried with backoff). */
    failing: number;
    /** The newest failure's text, without addresses or links. */
    lastError: string | null;
    lastErrorAt: string | null;
    today: DeliveryFiguresView;
    week: DeliveryFiguresView;
  };
  push: {
    /** configured: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are set; generated: a pair stored once in the database. */
    vapidKeys: 'configured' | 'generated';
    activeSubscriptions: number;
    lastError: string | null;
    lastErrorAt: string | null;
    today: DeliveryFiguresView;
    week: DeliveryFiguresView;
  };
  storage: {
    driver: 'disk' | 's3';
    /** Disk only (counted at most once a minute); null on S3, whose bucket the provider measures. */
    bytesUsed: number | null;
    files: number | null;
  };
  jobs: JobRunView[];
  payments: { mode: PaymentsMode };
}

/** GET /api/health/ready: 200 when the database answers and the migrations are applied, else 503. */
export interface ReadinessView {
  status: 'ready' | 'unavailable';
}

/** Background jobs by their job_runs name, in words; a name not listed shows as it is. */
export const JOB_LABELS: Record<string, string> = {
  'mail-outbox': 'Mail outbox',
  'event-reminders': 'Event reminders',
  'daily-digest': 'Daily digest',
  'payments-sweep': 'Payments sweep',
  'post-images-sweep': 'Unused post images',
  'chat-media-sweep': 'Unsent chat attachments',
  'crm-engagement': 'CRM engagement figures',
  'web-vitals-retention': 'Old web vitals (90 days)',
};

export const PAYMENTS_MODE_LABELS: Record<PaymentsMode, string> = {
  local: 'Local test double',
  test: 'Stripe test mode',
  live: 'Live',
};

export const HEALTH_TEXTS = {
  title: 'Health',
  failedTitle: 'Health check failed',
  failedBody: 'The server did not answer the health check. It is tried again every 30 seconds.',
  retry: 'Retry',
  refreshEvery: 'Checked every 30 seconds',
} as const;

/** The Health panel refetches this often (spec section 9: context health check every 30 s). */
export const HEALTH_REFETCH_MS = 30_000;
