import {
  ACCOUNT_TYPES,
  ADMIN_LIMITS,
  ADMIN_MEMBER_STATES,
  DEFAULT_APP_NAME,
  type AccountType,
  type AdminMemberState,
  type AdminOverviewView,
  type AttentionItem,
} from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import * as repo from './repository.js';

const iso = (d: Date | string) => new Date(d).toISOString();

/** What the club's configuration says, for the needs-attention list (no secrets leave: only yes/no facts). */
export interface OverviewFacts {
  appName: string;
  smtpConfigured: boolean;
  vapidConfigured: boolean;
  paymentsMode: 'local' | 'test' | 'live';
  embeddedDbInProduction: boolean;
}

/**
 * The needs-attention list (Discourse's "problems"), most serious first. Pure: facts and figures in, items out.
 */
export function attentionItems(facts: OverviewFacts, row: Pick<repo.OverviewRow, 'mail_failing' | 'mail_last_error' | 'last_backup_at' | 'stale_reports'>, now = Date.now()): AttentionItem[] {
  const items: AttentionItem[] = [];
  if (facts.embeddedDbInProduction)
    items.push({
      code: 'embedded_db_in_production',
      severity: 'critical',
      tab: 'health',
      text: 'The embedded database (PGlite) is running in production. Set DATABASE_URL to a PostgreSQL server.',
    });
  if (!facts.smtpConfigured)
    items.push({
      code: 'mail_not_configured',
      severity: 'critical',
      tab: 'health',
      text: 'Mail is not configured (SMTP_URL is not set): approval and password reset mails are only printed in the server log.',
    });
  else if (row.mail_failing > 0)
    items.push({
      code: 'mail_failing',
      severity: 'critical',
      tab: 'health',
      text: `Mail is failing (${row.mail_failing} failed${row.mail_last_error ? `; last error: ${row.mail_last_error.slice(0, 200)}` : ''}).`,
    });
  if (!row.last_backup_at)
    items.push({ code: 'no_backup', severity: 'warning', tab: 'health', text: 'No backup has been made yet: run `npm run admin -- backup <file>` (see the README).' });
  else if (now - new Date(row.last_backup_at).getTime() > ADMIN_LIMITS.backupMaxAgeHours * 3_600_000)
    items.push({ code: 'backup_old', severity: 'warning', tab: 'health', text: 'The last backup is more than a day old: run `npm run admin -- backup <file>` (see the README).' });
  if (row.stale_reports > 0)
    items.push({
      code: 'reports_waiting',
      severity: 'warning',
      tab: 'reports',
      text: `${row.stale_reports} ${row.stale_reports === 1 ? 'report has' : 'reports have'} waited more than ${ADMIN_LIMITS.staleReportHours} hours.`,
    });
  if (!facts.vapidConfigured)
    items.push({
      code: 'push_keys_missing',
      severity: 'warning',
      tab: 'health',
      text: 'Push keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT) are not configured: generated keys are in use.',
    });
  if (facts.paymentsMode !== 'live')
    items.push({
      code: 'payments_test_mode',
      severity: 'info',
      tab: 'settings',
      text: facts.paymentsMode === 'local' ? 'Payments run against the local test double: no real money moves.' : 'Payments use Stripe test mode: no real money moves.',
    });
  if (facts.appName.trim() === DEFAULT_APP_NAME)
    items.push({ code: 'default_app_name', severity: 'info', tab: 'settings', text: `The app still has its default name (${DEFAULT_APP_NAME}).` });
  return items;
}

export function createOverviewService(ctx: AppContext) {
  const c = ctx.config;
  return {
    async read(): Promise<AdminOverviewView> {
      const [row, appName] = await Promise.all([
        repo.overviewFigures(ctx.database.db, { weeks: ADMIN_LIMITS.weeks, upcoming: 5, oldest: 5, staleHours: ADMIN_LIMITS.staleReportHours }),
        ctx.settings.appName(),
      ]);
      const byType = Object.fromEntries(ACCOUNT_TYPES.map((t) => [t, 0])) as Record<AccountType, number>;
      const byState = Object.fromEntries(ADMIN_MEMBER_STATES.map((s) => [s, 0])) as Record<AdminMemberState, number>;
      let total = 0;
      for (const m of row.members ?? []) {
        total += m.n;
        if (m.account_type in byType) byType[m.account_type as AccountType] += m.n;
        if (m.state in byState) byState[m.state as AdminMemberState] += m.n;
      }
      const payments = (row.payments ?? []).map((p) => ({ currency: p.currency, paid: p.paid, refunded: p.refunded, paidCount: p.paid_count, refundCount: p.refund_count }));
      const facts: OverviewFacts = {
        appName,
        smtpConfigured: !!c.SMTP_URL,
        vapidConfigured: !!(c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY),
        paymentsMode: !c.STRIPE_SECRET_KEY ? 'local' : c.STRIPE_SECRET_KEY.includes('_live_') ? 'live' : 'test',
        embeddedDbInProduction: c.NODE_ENV === 'production' && ctx.database.engine === 'pglite',
      };
      return {
        members: { total, byType, byState },
        applications: {
          waiting: row.waiting,
          oldest: (row.oldest ?? []).map((o) => ({ id: o.id, name: o.name, createdAt: iso(o.created_at), ageHours: o.age_hours })),
        },
        openReports: row.open_reports,
        weeks: row.weeks.map((w) => ({ weekStart: w.week_start, newMembers: w.new_members, activeMembers: w.active_members })),
        upcomingEvents: (row.upcoming ?? []).map((e) => ({ id: e.id, title: e.title, startsAt: iso(e.starts_at), going: e.going, capacity: e.capacity })),
        checkInsThisWeek: { places: row.place_check_ins, events: row.event_check_ins },
        paymentsThisMonth: {
          count: payments.reduce((n, p) => n + p.paidCount, 0),
          refunds: payments.reduce((n, p) => n + p.refundCount, 0),
          byCurrency: payments.map((p) => ({ currency: p.currency, paid: p.paid, refunded: p.refunded })),
        },
        attention: attentionItems(facts, row),
        generatedAt: new Date().toISOString(),
      };
    },
  };
}
