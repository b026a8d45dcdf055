import * as React from 'react';
import { AlertTriangleIcon, RotateCcwIcon } from 'lucide-react';
import { VITALS_LIMITS, WEB_VITALS_INFO, type AdminVitalsView, type VitalRow } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Skeleton } from '#/components/ui/skeleton';
import { formatterOnDemand } from '#/lib/format';
import { useSharedText, useT } from '#/lib/i18n';
import { cn } from '#/lib/utils';
import { catalog } from '../i18n';
import { useVitalsQuery } from './api';

type Days = 7 | 28;
type Vital = AdminVitalsView['vitals'][number];

/**
 * The back office's Performance section (issue 24 part 5, decision 031): what members' browsers measured. Per Core
 * Web Vital the 75th percentile (the figure Google's thresholds apply to) and the shares of good / needs improvement
 * / poor, for all pages, by phone and desktop and by page; installs and app opens per day. Computed by the server.
 */
export function VitalsPanel() {
  const t = useT(catalog);
  const [days, setDays] = React.useState<Days>(7);
  const query = useVitalsQuery(days);
  return (
    <section aria-labelledby="vitals-title" className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="vitals-title" className="text-xl font-semibold tracking-tight">
            {t('admin.tabs.performance')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('admin.vitals.description')}</p>
        </div>
        <div role="group" aria-label={t('admin.vitals.period')} className="inline-flex rounded-lg border p-0.5">
          {VITALS_LIMITS.periods.map((d) => (
            <Button key={d} size="sm" variant={d === days ? 'default' : 'ghost'} aria-pressed={d === days} onClick={() => setDays(d)}>
              {t('admin.vitals.lastDays', { days: d })}
            </Button>
          ))}
        </div>
      </div>
      {query.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label={t('admin.vitals.loading')}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      ) : query.isError ? (
        <div role="alert" className="grid justify-items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/5 px-6 py-10 text-center">
          <AlertTriangleIcon aria-hidden="true" className="size-8 text-destructive" />
          <p className="font-semibold">{t('admin.vitals.loadError')}</p>
          <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
            <RotateCcwIcon aria-hidden="true" /> {t('admin.vitals.retry')}
          </Button>
        </div>
      ) : (
        <div className="grid gap-6" aria-busy={query.isPlaceholderData}>
          {query.data.vitals.map((v) => (
            <VitalTable key={v.name} vital={v} days={query.data.days} />
          ))}
          <PwaDays days={query.data.days} rows={query.data.pwaDays} />
        </div>
      )}
    </section>
  );
}

const percent = formatterOnDemand((locale) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }));

function formatValue(name: Vital['name'], value: number): string {
  const info = WEB_VITALS_INFO[name];
  if (info.unit === '') return value.toFixed(2);
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

function ratingOf(name: Vital['name'], p75: number): 'good' | 'needs-improvement' | 'poor' {
  const info = WEB_VITALS_INFO[name];
  return p75 <= info.good ? 'good' : p75 <= info.poor ? 'needs-improvement' : 'poor';
}

/** The ratings' names (catalogue ids). */
const RATING_TEXT = {
  good: 'admin.vitals.rating.good',
  'needs-improvement': 'admin.vitals.rating.needsImprovement',
  poor: 'admin.vitals.rating.poor',
} as const;
const RATING_CLASS = {
  good: 'text-emerald-700 dark:text-emerald-400',
  'needs-improvement': 'text-amber-700 dark:text-amber-400',
  poor: 'text-red-700 dark:text-red-400',
} as const;

function VitalTable({ vital, days }: { vital: Vital; days: Days }) {
  const t = useT(catalog);
  const s = useSharedText();
  const info = WEB_VITALS_INFO[vital.name];
  const titleId = `vital-${vital.name}`;
  const threshold =
    info.unit === ''
      ? t('admin.vitals.threshold', { good: info.good, poor: info.poor })
      : t('admin.vitals.threshold', { good: formatValue(vital.name, info.good), poor: formatValue(vital.name, info.poor) });
  return (
    <section aria-labelledby={titleId} className="grid gap-2 rounded-xl border p-4">
      <h3 id={titleId} className="font-semibold">
        {vital.name} <span className="font-normal text-muted-foreground">· {s(info.label)}</span>
      </h3>
      <p className="text-xs text-muted-foreground">{threshold}</p>
      {!vital.overall ? (
        <p className="text-sm text-muted-foreground">{t('admin.vitals.noReports', { days })}</p>
      ) : (
        // Wider than a phone: the table scrolls sideways, and can be scrolled from the keyboard.
        <div tabIndex={0} role="group" aria-label={t('admin.vitals.figures', { name: vital.name })} className="overflow-x-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">
              {t('admin.vitals.caption', { name: vital.name, days })}
            </caption>
            <thead>
              <tr className="border-b text-muted-foreground">
                <th scope="col" className="py-1 pr-3 font-medium">{t('admin.vitals.column.pages')}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t('admin.vitals.column.p75')}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t('admin.vitals.rating.good')}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t('admin.vitals.rating.needsImprovement')}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t('admin.vitals.rating.poor')}</th>
                <th scope="col" className="py-1 font-medium">{t('admin.vitals.column.reports')}</th>
              </tr>
            </thead>
            <tbody>
              <Row label={t('admin.vitals.allPages')} name={vital.name} row={vital.overall} strong />
              {vital.byDevice.map((d) => (
                <Row key={d.deviceClass} label={d.deviceClass === 'phone' ? t('admin.vitals.onPhones') : t('admin.vitals.onDesktops')} name={vital.name} row={d} />
              ))}
              {vital.byRoute.map((r) => (
                <Row key={r.route} label={<code className="text-xs">{r.route}</code>} name={vital.name} row={r} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Row({ label, name, row, strong }: { label: React.ReactNode; name: Vital['name']; row: VitalRow; strong?: boolean }) {
  const t = useT(catalog);
  const rating = ratingOf(name, row.p75);
  return (
    <tr className={cn('border-b last:border-0', strong && 'font-medium')}>
      <th scope="row" className="py-1 pr-3 font-normal">
        {label}
      </th>
      <td className="py-1 pr-3 tabular-nums">
        {formatValue(name, row.p75)} <span className={cn('text-xs', RATING_CLASS[rating])}>({t(RATING_TEXT[rating])})</span>
      </td>
      <td className="py-1 pr-3 tabular-nums">{percent().format(row.good)}</td>
      <td className="py-1 pr-3 tabular-nums">{percent().format(row.needsImprovement)}</td>
      <td className="py-1 pr-3 tabular-nums">{percent().format(row.poor)}</td>
      <td className="py-1 tabular-nums">{row.count}</td>
    </tr>
  );
}

function PwaDays({ days, rows }: { days: Days; rows: AdminVitalsView['pwaDays'] }) {
  const t = useT(catalog);
  return (
    <section aria-labelledby="pwa-days-title" className="grid gap-2 rounded-xl border p-4">
      <h3 id="pwa-days-title" className="font-semibold">
        {t('admin.vitals.pwa.title')}
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin.vitals.pwa.empty', { days })}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('admin.vitals.pwa.caption', { days })}</caption>
          <thead>
            <tr className="border-b text-muted-foreground">
              <th scope="col" className="py-1 pr-3 font-medium">{t('admin.vitals.pwa.day')}</th>
              <th scope="col" className="py-1 pr-3 font-medium">{t('admin.vitals.pwa.installs')}</th>
              <th scope="col" className="py-1 font-medium">{t('admin.vitals.pwa.opens')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.day} className="border-b last:border-0">
                <th scope="row" className="py-1 pr-3 font-normal">
                  <time dateTime={r.day}>{r.day}</time>
                </th>
                <td className="py-1 pr-3 tabular-nums">{r.installs}</td>
                <td className="py-1 tabular-nums">{r.appOpens}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
