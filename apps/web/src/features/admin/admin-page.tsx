import * as React from 'react';
import {
  ActivityIcon,
  ClipboardListIcon,
  FlagIcon,
  GaugeIcon,
  HistoryIcon,
  TimerIcon,
  SlidersHorizontalIcon,
  UsersIcon,
} from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#/components/ui/tabs';
import { PageSpinner } from '#/components/page-spinner';
import { lazyNamed } from '#/lib/lazy-named';
import { useMe } from '#/lib/session/use-session';
import { useSearchParamsUpdate } from '#/lib/use-search-params-update';
import { useT } from '#/lib/i18n';
import { PaymentsModeBanner } from '#/features/payments';
import { ReportsQueue } from '#/features/moderation';
import { AdminSectionBoundary } from './section-error';
import { catalog } from './i18n';

// Each section's code loads when its tab first opens: the dashboard's own chunk stays small (decision 011).
const OverviewPanel = lazyNamed(() => import('./overview/overview-panel'), 'OverviewPanel');
const MembersPanel = lazyNamed(() => import('./members/members-panel'), 'MembersPanel');
const ApplicationsPanel = lazyNamed(() => import('./applications-panel'), 'ApplicationsPanel');
const SettingsPanel = lazyNamed(() => import('./settings-panel'), 'SettingsPanel');
const HealthPanel = lazyNamed(() => import('./health/health-panel'), 'HealthPanel');
const AuditPanel = lazyNamed(() => import('./audit/audit-panel'), 'AuditPanel');
const VitalsPanel = lazyNamed(() => import('./vitals/vitals-panel'), 'VitalsPanel');

interface Section {
  value: string;
  /** The tab's name (a catalogue id). */
  label: string;
  icon: React.ComponentType<{ 'aria-hidden'?: boolean | 'true' }>;
  render: () => React.ReactNode;
  /** Platform moderators (role moderator, not admin) see only these sections (decision 029). */
  moderators?: boolean;
}

const SECTIONS: Section[] = [
  { value: 'overview', label: 'admin.tabs.overview', icon: GaugeIcon, render: () => <OverviewPanel /> },
  { value: 'members', label: 'admin.tabs.members', icon: UsersIcon, render: () => <MembersPanel /> },
  { value: 'reports', label: 'admin.tabs.reports', icon: FlagIcon, render: () => <ReportsQueue />, moderators: true },
  { value: 'applications', label: 'admin.tabs.applications', icon: ClipboardListIcon, render: () => <ApplicationsPanel /> },
  { value: 'settings', label: 'admin.tabs.settings', icon: SlidersHorizontalIcon, render: () => <SettingsPanel /> },
  { value: 'health', label: 'admin.tabs.health', icon: ActivityIcon, render: () => <HealthPanel /> },
  { value: 'performance', label: 'admin.tabs.performance', icon: TimerIcon, render: () => <VitalsPanel /> },
  { value: 'audit', label: 'admin.tabs.audit', icon: HistoryIcon, render: () => <AuditPanel />, moderators: true },
];

/**
 * /admin and /admin-dashboard: the back office (issue 23). The open section is kept in the URL (?tab=), so a link to
 * a member's page or the reports queue can be shared between admins; the server checks every route's role too.
 */
export function AdminPage() {
  const me = useMe();
  const t = useT(catalog);
  const [search, update] = useSearchParamsUpdate();
  const sections = me?.isAdmin ? SECTIONS : SECTIONS.filter((s) => s.moderators);
  const requested = search.get('tab');
  const current = sections.find((s) => s.value === requested)?.value ?? sections[0]!.value;
  return (
    <div className="mx-auto grid w-full max-w-6xl min-w-0 grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 sm:px-6 sm:py-10">
      {/* Said before anything else: an admin must not take test payments for real ones. */}
      {me?.isAdmin && <PaymentsModeBanner />}
      <header className="grid gap-1">
        <p className="text-xs font-semibold tracking-[0.2em] text-primary uppercase">{t('admin.page.kicker')}</p>
        <h1 className="text-3xl font-semibold tracking-tight">{t('admin.page.title')}</h1>
        <p className="text-muted-foreground">
          {me?.isAdmin ? t('admin.page.description') : t('admin.page.descriptionModerator')}
        </p>
      </header>
      <Tabs value={current} onValueChange={(tab) => update({ tab, member: null })} className="min-w-0 gap-6">
        {/* Eight sections do not fit a phone's width: the list scrolls sideways there. */}
        <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <TabsList className="w-max">
            {sections.map(({ value, label, icon: Icon }) => (
              <TabsTrigger key={value} value={value} className="px-3">
                <Icon aria-hidden="true" /> {t(label)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {sections.map((section) => (
          <TabsContent key={section.value} value={section.value}>
            <AdminSectionBoundary>
              <React.Suspense fallback={<PageSpinner />}>{section.value === current && section.render()}</React.Suspense>
            </AdminSectionBoundary>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
