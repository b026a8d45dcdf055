import { Tabs, TabsContent, TabsList, TabsTrigger } from '#/components/ui/tabs';
import { InterestsPicker } from '#/components/member/interests-picker';
import { PROFILE_TABS, type ProfileTab } from './settings-model';
import { BasicTab, PersonalTab, ReadOnlyNote, SocialTab } from './profile-tabs';
import type { ProfileSettings } from './use-profile-settings';

interface ProfileSectionProps {
  settings: ProfileSettings;
  tab: ProfileTab;
  onTabChange: (tab: ProfileTab) => void;
  onSubmit: () => void;
}

/** Settings > Profile: tabs Basic / Social / Interests / Personal; a tab with a problem carries a dot. */
export function ProfileSection({ settings, tab, onTabChange, onSubmit }: ProfileSectionProps) {
  const { form } = settings;
  return (
    <form
      noValidate
      aria-label="Profile settings"
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
              aria-label={settings.tabErrors[id] ? `${label} (has errors)` : label}
            >
              {label}
              {settings.tabErrors[id] && <span aria-hidden="true" className="size-1.5 rounded-full bg-destructive" />}
            </TabsTrigger>
          ))}
        </TabsList>
        {!settings.canEdit && (
          <ReadOnlyNote>
            {settings.refused
              ? 'Editing your profile is not available because your application was not approved, so your details are shown read-only.'
              : 'Editing your profile is not available for your membership yet, so your details are shown read-only. An admin can turn it on.'}
          </ReadOnlyNote>
        )}
        <fieldset disabled={!settings.canEdit} className="min-w-0">
          <legend className="sr-only">Profile</legend>
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
