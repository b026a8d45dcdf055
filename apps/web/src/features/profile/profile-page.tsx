import { UserRoundXIcon } from 'lucide-react';
import { useInstagramCallback } from '#/features/instagram';
import { useMe } from '#/lib/session/use-session';
import { ApplicationStatusCard, DeactivatedBanner } from './application-status-card';
import { OwnMessagesTab } from './message-tab';
import { ProfileHeader } from './profile-header';
import { ProfileTabs } from './profile-tabs';
import { SettingsMenu } from './settings-menu';
import { ShareProfileButton } from './share-profile-button';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** The membership badge under the handle (profile catalogue ids). */
export const ACCOUNT_TYPE_LABELS = {
  full_platform: 'profile.accountType.fullPlatform',
  community_only: 'profile.accountType.communityOnly',
} as const;

/** '/profile': the signed-in member's own profile: header with Share and Settings, then Photos and Messages. */
export function ProfilePage() {
  const me = useMe();
  const profile = me?.profile ?? null;
  const t = useT(catalog);
  // The OAuth return from Instagram lands here (spec 2): its toast, then the flag leaves the address.
  useInstagramCallback();

  if (!profile) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6 sm:px-6 sm:py-10">
        <section className="grid justify-items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
          <UserRoundXIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <h1 className="text-lg font-semibold">{t('profile.own.noProfileTitle')}</h1>
          <p className="max-w-sm text-sm text-muted-foreground">{t('profile.own.noProfileText')}</p>
        </section>
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6 sm:px-6 sm:py-10">
      {profile.isDeactivated && <DeactivatedBanner />}
      <ApplicationStatusCard profile={profile} />
      <div className="rounded-2xl border bg-card p-5 text-card-foreground shadow-sm sm:p-8">
        <ProfileHeader
          profile={profile}
          badge={
            <p className="mt-1 inline-flex w-fit items-center self-center justify-self-center rounded-full border border-primary/40 bg-primary/10 px-3 py-0.5 text-xs font-medium sm:justify-self-start">
              {t(ACCOUNT_TYPE_LABELS[profile.accountType])}
            </p>
          }
          actions={
            <>
              <ShareProfileButton profile={profile} />
              <SettingsMenu />
            </>
          }
        />
      </div>
      <ProfileTabs profileId={profile.id} isOwner messageLabel="Messages" messageContent={<OwnMessagesTab />} />
    </div>
  );
}
