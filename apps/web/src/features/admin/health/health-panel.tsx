import * as React from 'react';
import { AlertTriangleIcon, RotateCcwIcon } from 'lucide-react';
import {
  HEALTH_TEXTS,
  JOB_LABELS,
  PAYMENTS_MODE_LABELS,
  type AdminHealthView,
  type DeliveryFiguresView,
  type JobRunView,
} from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Skeleton } from '#/components/ui/skeleton';
import { formatDateTime, formatterOnDemand } from '#/lib/format';
import { t, useSharedText, useT } from '#/lib/i18n';
import { catalog } from '../i18n';
import { useHealthQuery } from './api';

/** The back office's Health section (issue 23): how the server, its mail, push, storage and jobs are doing. */
export function HealthPanel() {
  const t = useT(catalog);
  const s = useSharedText();
  const query = useHealthQuery();
  return (
    <section aria-labelledby="health-title" className="grid gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="health-title" className="text-xl font-semibold tracking-tight">
          {s(HEALTH_TEXTS.title)}
        </h2>
        <p className="text-xs text-muted-foreground">{s(HEALTH_TEXTS.refreshEvery)}</p>
      </div>
      {query.isPending ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t('admin.health.loading')}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      ) : query.isError ? (
        <HealthFailed retrying={query.isFetching} onRetry={() => void query.refetch()} />
      ) : (
        <Health h={query.data} />
      )}
    </section>
  );
}

function HealthFailed({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  const s = useSharedText();
  return (
    <div role="alert" aria-labelledby="health-failed-title" className="grid justify-items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/5 px-6 py-10 text-center">
      <AlertTriangleIcon aria-hidden="true" className="size-8 text-destructive" />
      <div className="grid gap-1">
        <h3 id="health-failed-title" className="text-lg font-semibold">
          {s(HEALTH_TEXTS.failedTitle)}
        </h3>
        <p className="max-w-sm text-sm text-muted-foreground">{s(HEALTH_TEXTS.failedBody)}</p>
      </div>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RotateCcwIcon aria-hidden="true" /> {s(HEALTH_TEXTS.retry)}
      </Button>
    </div>
  );
}

const relative = formatterOnDemand((locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago" (or "just now"), with the exact time in the element's dateTime and title. */
function When({ iso }: { iso: string | null }) {
  const t = useT(catalog);
  if (!iso) return <span className="text-muted-foreground">{t('admin.health.never')}</span>;
  const seconds = Math.round((new Date(iso).getTime() - Date.now()) / 1000);
  const unit = UNITS.find(([, s]) => Math.abs(seconds) >= s);
  const text = unit ? relative().format(Math.round(seconds / unit[1]), unit[0]) : t('admin.health.justNow');
  const exact = formatDateTime(iso);
  return (
    <time dateTime={iso} title={exact}>
      {Math.abs(seconds) >= 7 * 86_400 ? exact : text}
    </time>
  );
}

function formatBytes(bytes: number | null): string {
  if (bytes === null) return t('admin.health.notMeasured');
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let n = bytes;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i += 1;
  }
  return `${i === 0 ? n : n.toFixed(1)} ${units[i]}`;
}

function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  if (d) return t('admin.health.uptime.days', { d, h });
  if (h) return t('admin.health.uptime.hours', { h, m });
  return t('admin.health.uptime.minutes', { m });
}

const delivery = (f: DeliveryFiguresView, expired = false) =>
  expired
    ? t('admin.health.deliveryExpired', { sent: f.sent, failed: f.failed, expired: f.expired })
    : t('admin.health.delivery', { sent: f.sent, failed: f.failed });

function HealthCard({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`health-${id}`} className="grid content-start gap-2 rounded-xl border p-4">
      <h3 id={`health-${id}`} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Rows({ rows }: { rows: Array<[string, React.ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <React.Fragment key={label}>
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 text-right font-medium break-words tabular-nums">{value}</dd>
        </React.Fragment>
      ))}
    </dl>
  );
}

function LastError({ text, at }: { text: string | null; at: string | null }) {
  const t = useT(catalog);
  if (!text) return <span className="text-muted-foreground">{t('admin.health.none')}</span>;
  return (
    <span className="text-destructive">
      {text}
      {at && (
        <>
          {' '}
          <span className="text-muted-foreground">
            (<When iso={at} />)
          </span>
        </>
      )}
    </span>
  );
}

function Health({ h }: { h: AdminHealthView }) {
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <HealthCard id="server" title={t('admin.health.server.title')}>
          <Rows
            rows={[
              [t('admin.health.server.version'), h.version],
              [t('admin.health.server.uptime'), formatUptime(h.uptimeSeconds)],
              [t('admin.health.server.payments'), s(PAYMENTS_MODE_LABELS[h.payments.mode])],
            ]}
          />
        </HealthCard>
        <HealthCard id="database" title={t('admin.health.database.title')}>
          <Rows
            rows={[
              [t('admin.health.database.engine'), h.database.engine === 'postgres' ? 'PostgreSQL' : t('admin.health.database.pglite')],
              [t('admin.health.database.migrations'), h.database.migrations],
              [t('admin.health.database.lastBackup'), <When key="b" iso={h.database.lastBackupAt} />],
              [t('admin.health.database.backupSize'), h.database.lastBackupBytes === null ? '—' : formatBytes(h.database.lastBackupBytes)],
            ]}
          />
        </HealthCard>
        <HealthCard id="mail" title={t('admin.health.mail.title')}>
          <Rows
            rows={[
              [t('admin.health.mail.transport'), h.mail.transport === 'smtp' ? 'SMTP' : t('admin.health.mail.console')],
              [t('admin.health.mail.queued'), h.mail.queued],
              [t('admin.health.mail.failing'), h.mail.failing],
              [t('admin.health.today'), delivery(h.mail.today)],
              [t('admin.health.thisWeek'), delivery(h.mail.week)],
              [t('admin.health.lastError'), <LastError key="e" text={h.mail.lastError} at={h.mail.lastErrorAt} />],
            ]}
          />
        </HealthCard>
        <HealthCard id="push" title={t('admin.health.push.title')}>
          <Rows
            rows={[
              [t('admin.health.push.vapidKeys'), h.push.vapidKeys === 'configured' ? t('admin.health.push.configured') : t('admin.health.push.generated')],
              [t('admin.health.push.subscriptions'), h.push.activeSubscriptions],
              [t('admin.health.today'), delivery(h.push.today, true)],
              [t('admin.health.thisWeek'), delivery(h.push.week, true)],
              [t('admin.health.lastError'), <LastError key="e" text={h.push.lastError} at={h.push.lastErrorAt} />],
            ]}
          />
        </HealthCard>
        <HealthCard id="storage" title={t('admin.health.storage.title')}>
          <Rows
            rows={[
              [t('admin.health.storage.driver'), h.storage.driver === 's3' ? 'S3' : t('admin.health.storage.disk')],
              [t('admin.health.storage.used'), h.storage.driver === 's3' ? t('admin.health.storage.byProvider') : formatBytes(h.storage.bytesUsed)],
              [t('admin.health.storage.files'), h.storage.files ?? '—'],
            ]}
          />
        </HealthCard>
        <HealthCard id="jobs" title={t('admin.health.jobs.title')}>
          {h.jobs.length === 0 ? <p className="text-sm text-muted-foreground">{t('admin.health.jobs.none')}</p> : <Jobs jobs={h.jobs} />}
        </HealthCard>
      </div>
      <p className="text-xs text-muted-foreground">{t('admin.health.checked', { date: formatDateTime(h.checkedAt) })}</p>
    </>
  );
}

function Jobs({ jobs }: { jobs: JobRunView[] }) {
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <ul className="grid gap-3 text-sm">
      {jobs.map((j) => (
        <li key={j.name} className="grid gap-0.5">
          <span className="font-medium">{s(j.label || JOB_LABELS[j.name] || j.name)}</span>
          <span className="text-muted-foreground">
            {t('admin.health.jobs.lastFinished')} <When iso={j.lastFinishedAt} /> · {t('admin.health.jobs.runs', { count: j.runs, runs: String(j.runs) })}
          </span>
          {j.lastError && (
            <span className="break-words text-destructive">
              {t('admin.health.jobs.lastError', { error: j.lastError })}
              {j.lastErrorAt && (
                <span className="text-muted-foreground">
                  {' '}
                  (<When iso={j.lastErrorAt} />)
                </span>
              )}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
