import { Tabs, TabsContent, TabsList, TabsTrigger } from '#/components/ui/tabs';
import { InterestsPicker } from '#/components/member/interests-picker';
import { PROFILE_TABS, type ProfileTab } from './settings-model';
import { BasicTab, PersonalTab, ReadOnlyNote, SocialTab } from './profile-tabs';
import type { ProfileSettings } from './use-profile-settings';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

interface ProfileSectionProps {
  settings: ProfileSettings;
  tab: ProfileTab;
  onTabChange: (tab: ProfileTab) => void;
  onSubmit: () => void;
}

/** Settings > Profile: tabs Basic / Social / Interests / Personal; a tab with a problem carries a dot. */
export function ProfileSection({ settings, tab, onTabChange, onSubmit }: ProfileSectionProps) {
  const { form } = settings;
  const t = useT(catalog);
  return (
    <form
      noValidate
      aria-label={t('settings.profile.formLabel')}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Tabs value={tab} onValueChange={(v) => onTabChange(v as ProfileTab)} className="gap-4">
        <TabsList className="grid w-full grid-cols-4">
          {PROFILE_TABS.map(({ id, label }) => (
            <TabsTrigger
              key={id}
              value={id}
              data-error={settings.tabErrors[id] || undefined}
              aria-label={settings.tabErrors[id] ? t('settings.profileTabs.hasErrors', { label: t(label) }) : t(label)}
            >
              {t(label)}
              {settings.tabErrors[id] && <span aria-hidden="true" className="size-1.5 rounded-full bg-destructive" />}
            </TabsTrigger>
          ))}
        </TabsList>
        {!settings.canEdit && (
          <ReadOnlyNote>
            {settings.refused
              ? t('settings.profile.readOnlyRefused')
              : t('settings.profile.readOnly')}
          </ReadOnlyNote>
        )}
        <fieldset disabled={!settings.canEdit} className="min-w-0">
          <legend className="sr-only">{t('settings.sections.profile')}</legend>
          <TabsContent value="basic">
            <BasicTab settings={settings} />
          </TabsContent>
          <TabsContent value="social">
            <SocialTab settings={settings} />
          </TabsContent>
          <TabsContent value="interests">
            <InterestsPicker
              value={settings.interests}
              onChange={(next) => form.setValue('interests', next, { shouldDirty: true, shouldValidate: true })}
            />
          </TabsContent>
          <TabsContent value="personal">
            <PersonalTab />
          </TabsContent>
        </fieldset>
      </Tabs>
    </form>
  );
}
