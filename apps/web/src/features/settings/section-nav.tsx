import { AlertCircleIcon, CheckCircle2Icon } from 'lucide-react';
import { NativeSelect } from '#/components/ui/native-select';
import { TabsList, TabsTrigger } from '#/components/ui/tabs';
import { useIsMobile } from '#/lib/use-is-mobile';
import { useT, type Translate } from '#/lib/i18n';
import { catalog } from './i18n';
import type { SETTINGS_SECTIONS, SettingsSection } from './settings-model';

export interface SectionStatus {
  complete: boolean;
  error: boolean;
}

interface SectionNavProps {
  /** The sections this member has (a deactivated member has no Profile section). */
  sections: typeof SETTINGS_SECTIONS;
  value: SettingsSection;
  onChange: (section: SettingsSection) => void;
  statuses: Record<SettingsSection, SectionStatus>;
}

/** Spec 2: the section list is a dropdown below 768 px and a side list on wider screens. */
export function SectionNav({ sections, value, onChange, statuses }: SectionNavProps) {
  const isMobile = useIsMobile();
  const t = useT(catalog);
  if (isMobile) {
    return (
      <NativeSelect aria-label={t('settings.sectionNav.select')} value={value} onChange={(e) => onChange(e.target.value as SettingsSection)}>
        {sections.map(({ id, label }) => (
          <option key={id} value={id}>
            {sectionName(t, t(label), statuses[id])}
          </option>
        ))}
      </NativeSelect>
    );
  }
  return (
    <TabsList aria-label={t('settings.sectionNav.list')} className="flex h-auto w-full flex-col items-stretch gap-1 bg-transparent p-0">
      {sections.map(({ id, label, icon: Icon }) => (
        <TabsTrigger
          key={id}
          value={id}
          data-complete={statuses[id].complete || undefined}
          data-error={statuses[id].error || undefined}
          aria-label={sectionName(t, t(label), statuses[id])}
          className="h-10 flex-none justify-start gap-2 px-3 data-[state=active]:bg-accent data-[state=active]:text-accent-foreground data-[state=active]:shadow-none"
        >
          <Icon aria-hidden="true" />
          <span className="flex-1 text-left">{t(label)}</span>
          <SectionMarkers status={statuses[id]} />
        </TabsTrigger>
      ))}
    </TabsList>
  );
}

/** 'Profile', 'Profile (complete)', 'Profile (needs attention)': what the markers say in words. */
export function sectionName(t: Translate, label: string, status: SectionStatus): string {
  const state = status.complete && status.error ? 'both' : status.complete ? 'complete' : status.error ? 'error' : 'none';
  return t('settings.sectionNav.name', { state, label });
}

function SectionMarkers({ status }: { status: SectionStatus }) {
  return (
    <span aria-hidden="true" className="flex items-center gap-1">
      {status.error && <AlertCircleIcon className="text-destructive" />}
      {status.complete && <CheckCircle2Icon className="text-success" />}
    </span>
  );
}
