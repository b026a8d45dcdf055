import * as React from 'react';
import { Link, useSearchParams } from 'react-router';
import { AlertOctagonIcon, AlertTriangleIcon, CheckCircle2Icon, InfoIcon } from 'lucide-react';
import {
  ADMIN_MEMBER_STATE_LABELS,
  ADMIN_MEMBER_STATES,
  type AdminOverviewView,
  type AttentionItem,
} from '@bayclub/shared';
import { Skeleton } from '#/components/ui/skeleton';
import { errorMessage } from '#/lib/api';
import { formatDateTime } from '#/lib/format';
import { t, useSharedText, useT, localMoney } from '#/lib/i18n';
import { cn } from '#/lib/utils';
import { catalog } from '../i18n';
import { SectionError } from '../section-error';
import { useOverviewQuery } from './api';

/** The dashboard's first page (issue 23): the club at a glance and what needs an admin. */
export function OverviewPanel() {
  const t = useT(catalog);
  const query = useOverviewQuery();
  return (
    <section aria-labelledby="overview-title" className="grid gap-6">
      <h2 id="overview-title" className="text-xl font-semibold tracking-tight">
        {t('admin.tabs.overview')}
      </h2>
      {query.isPending ? (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy="true" aria-label={t('admin.overview.loading')}>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      ) : query.isError ? (
        <SectionError message={errorMessage(query.error, t('admin.overview.loadError'))} onRetry={() => void query.refetch()} />
      ) : (
        <Overview o={query.data} />
      )}
    </section>
  );
}

function useTabHref() {
  const [search] = useSearchParams();
  return (tab: string, extra: Record<string, string> = {}) => {
    const next = new URLSearchParams(search);
    next.delete('member');
    next.set('tab', tab);
    for (const [k, v] of Object.entries(extra)) next.set(k, v);
    return `?${next.toString()}`;
  };
}

function Figure({ label, value, hint, to }: { label: string; value: React.ReactNode; hint?: React.ReactNode; to?: string }) {
  const body = (
    <>
      <span className="text-xs font-medium text-muted-foreground">{label}</span>{' '}
      <span className="text-2xl font-semibold tabular-nums">{value}</span>{' '}
      {hint && <span className="text-xs text-muted-foreground">{hint}</span>}
    </>
  );
  const cls = 'grid content-start gap-1 rounded-xl border p-4';
  return to ? (
    <Link to={to} className={cn(cls, 'hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none')}>
      {body}
    </Link>
  ) : (
    <div className={cls}>{body}</div>
  );
}

const ageText = (hours: number) =>
  hours < 48 ? t('admin.overview.ageHours', { hours }) : t('admin.overview.ageDays', { days: Math.floor(hours / 24) });

function Overview({ o }: { o: AdminOverviewView }) {
  const t = useT(catalog);
  const s = useSharedText();
  const href = useTabHref();
  const money = o.paymentsThisMonth.byCurrency;
  return (
    <>
      <Attention items={o.attention} href={href} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          label={t('admin.overview.members')}
          value={o.members.total}
          hint={t('admin.overview.membersHint', { full: o.members.byType.full_platform, community: o.members.byType.community_only })}
          to={href('members')}
        />
        <Figure
          label={t('admin.overview.waiting')}
          value={o.applications.waiting}
          hint={
            o.applications.oldest[0]
              ? t('admin.overview.oldest', { age: ageText(o.applications.oldest[0].ageHours) })
              : t('admin.overview.noneWaiting')
          }
          to={href('applications')}
        />
        <Figure label={t('admin.overview.openReports')} value={o.openReports} to={href('reports')} />
        <Figure
          label={t('admin.overview.checkIns')}
          value={o.checkInsThisWeek.places + o.checkInsThisWeek.events}
          hint={t('admin.overview.checkInsHint', { places: o.checkInsThisWeek.places, events: o.checkInsThisWeek.events })}
        />
        <Figure
          label={t('admin.overview.payments')}
          value={o.paymentsThisMonth.count}
          hint={money.length ? money.map((m) => localMoney(m.paid, m.currency)).join(' · ') : t('admin.overview.noneYet')}
        />
        <Figure
          label={t('admin.overview.refunds')}
          value={o.paymentsThisMonth.refunds}
          hint={money.some((m) => m.refunded) ? money.filter((m) => m.refunded).map((m) => localMoney(m.refunded, m.currency)).join(' · ') : undefined}
        />
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="states-title" className="grid content-start gap-2 rounded-xl border p-4">
          <h3 id="states-title" className="font-semibold">
            {t('admin.overview.byState')}
          </h3>
          <ul className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
            {ADMIN_MEMBER_STATES.map((state) => (
              <li key={state}>
                <Link to={href('members', { mstate: state })} className="rounded-sm hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
                  {s(ADMIN_MEMBER_STATE_LABELS[state])}: <span className="font-medium tabular-nums">{o.members.byState[state]}</span>
                </Link>
              </li>
            ))}
          </ul>
          {o.applications.oldest.length > 0 && (
            <>
              <h4 className="mt-2 text-sm font-medium">{t('admin.overview.waitingLongest')}</h4>
              <ul className="grid gap-1 text-sm">
                {o.applications.oldest.map((a) => (
                  <li key={a.id} className="flex justify-between gap-2">
                    <span className="truncate">{a.name}</span>
                    <span className="shrink-0 text-muted-foreground">{ageText(a.ageHours)}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        <WeeklyChart weeks={o.weeks} />
      </div>

      <section aria-labelledby="events-title" className="grid gap-2 rounded-xl border p-4">
        <h3 id="events-title" className="font-semibold">
          {t('admin.overview.upcoming')}
        </h3>
        {o.upcomingEvents.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('admin.overview.noUpcoming')}</p>
        ) : (
          <ul className="grid gap-3">
            {o.upcomingEvents.map((e) => {
              const pct = e.capacity ? Math.min(100, Math.round((e.going / e.capacity) * 100)) : null;
              return (
                <li key={e.id} className="grid gap-1 text-sm">
                  <div className="flex flex-wrap justify-between gap-2">
                    <span className="font-medium break-words">{e.title}</span>
                    <span className="text-muted-foreground">{formatDateTime(e.startsAt)}</span>
                  </div>
                  <div className="flex items-center gap-2">
                    {pct !== null && (
                      <div className="h-2 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                        <div className="h-full rounded-full bg-primary" style={{ width: `${pct}%` }} />
                      </div>
                    )}
                    <span className="shrink-0 text-muted-foreground tabular-nums">
                      {e.capacity
                        ? t('admin.overview.going', { going: e.going, capacity: e.capacity })
                        : t('admin.overview.goingNoLimit', { going: e.going })}
                    </span>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <p className="text-xs text-muted-foreground">{t('admin.overview.asOf', { date: formatDateTime(o.generatedAt) })}</p>
    </>
  );
}

/** The tabs' names (catalogue ids). */
const TAB_LABELS: Record<AttentionItem['tab'], string> = {
  overview: 'admin.tabs.overview',
  members: 'admin.tabs.members',
  applications: 'admin.tabs.applications',
  reports: 'admin.tabs.reports',
  settings: 'admin.tabs.settings',
  health: 'admin.tabs.health',
  audit: 'admin.tabs.audit',
};

const SEVERITY = {
  critical: { icon: AlertOctagonIcon, cls: 'border-destructive/40 bg-destructive/5', label: 'admin.overview.severity.critical' },
  warning: { icon: AlertTriangleIcon, cls: 'border-amber-500/40 bg-amber-500/5', label: 'admin.overview.severity.warning' },
  info: { icon: InfoIcon, cls: 'border-border bg-muted/40', label: 'admin.overview.severity.info' },
} as const;

/** "Needs attention", in the manner of Discourse's problems list: each item links to the tab that fixes it. */
function Attention({ items, href }: { items: AttentionItem[]; href: (tab: string) => string }) {
  const t = useT(catalog);
  return (
    <section aria-labelledby="attention-title" className="grid gap-2">
      <h3 id="attention-title" className="font-semibold">
        {t('admin.overview.attention')}
      </h3>
      {items.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CheckCircle2Icon aria-hidden="true" className="size-4 text-primary" /> {t('admin.overview.nothing')}
        </p>
      ) : (
        <ul className="grid gap-2">
          {items.map((item) => {
            const s = SEVERITY[item.severity];
            const Icon = s.icon;
            return (
              <li key={item.code} data-code={item.code} className={cn('flex items-start gap-3 rounded-lg border p-3 text-sm', s.cls)}>
                <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span className="min-w-0 flex-1 break-words">
                  <span className="sr-only">{t('admin.overview.severity', { severity: t(s.label) })}</span>
                  {item.text}
                </span>
                <Link
                  to={href(item.tab)}
                  aria-label={t('admin.overview.openTab', { tab: t(TAB_LABELS[item.tab]) })}
                  className="shrink-0 font-medium underline underline-offset-2 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                >
                  {t('admin.overview.open')}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * New and active members per week: bars in plain SVG (hidden from screen readers), with the same figures in a table
 * as their text alternative.
 */
function WeeklyChart({ weeks }: { weeks: AdminOverviewView['weeks'] }) {
  const max = Math.max(1, ...weeks.flatMap((w) => [w.newMembers, w.activeMembers]));
  const W = 320;
  const H = 120;
  const slot = W / Math.max(1, weeks.length);
  const bar = Math.max(2, slot / 3);
  const t = useT(catalog);
  const label = (d: string) => d.slice(5).replace('-', '/');
  return (
    <section aria-labelledby="weekly-title" className="grid content-start gap-2 rounded-xl border p-4">
      <h3 id="weekly-title" className="font-semibold">
        {t('admin.overview.weekly')}
      </h3>
      <div className="flex gap-4 text-xs text-muted-foreground" aria-hidden="true">
        <span className="flex items-center gap-1">
          <span className="inline-block size-3 rounded-sm bg-primary" /> {t('admin.overview.new')}
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-3 rounded-sm bg-muted-foreground/50" /> {t('admin.overview.active')}
        </span>
      </div>
      <p id="weekly-summary" className="sr-only">
        {t('admin.overview.weeklySummary', {
          weeks: weeks.length,
          total: weeks.reduce((n, w) => n + w.newMembers, 0),
          newThisWeek: weeks.at(-1)?.newMembers ?? 0,
          activeThisWeek: weeks.at(-1)?.activeMembers ?? 0,
        })}
      </p>
      <svg viewBox={`0 0 ${W} ${H + 16}`} className="h-auto w-full" role="img" aria-labelledby="weekly-summary" focusable="false">
        {weeks.map((w, i) => {
          const x = i * slot + (slot - bar * 2) / 2;
          const hn = (w.newMembers / max) * H;
          const ha = (w.activeMembers / max) * H;
          return (
            <g key={w.weekStart}>
              <rect x={x} y={H - hn} width={bar} height={hn} className="fill-primary" rx={1} />
              <rect x={x + bar} y={H - ha} width={bar} height={ha} className="fill-muted-foreground/50" rx={1} />
              <text x={i * slot + slot / 2} y={H + 12} textAnchor="middle" className="fill-muted-foreground text-[8px]">
                {label(w.weekStart)}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">{t('admin.overview.showTable')}</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{t('admin.overview.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col" className="font-medium">{t('admin.overview.weekOf')}</th>
              <th scope="col" className="font-medium">{t('admin.overview.new')}</th>
              <th scope="col" className="font-medium">{t('admin.overview.active')}</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.weekStart}>
                <td>{w.weekStart}</td>
                <td className="tabular-nums">{w.newMembers}</td>
                <td className="tabular-nums">{w.activeMembers}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
