import { Navigate, useParams } from 'react-router';
import { UserRoundXIcon } from 'lucide-react';
import { isProfileId, PROFILE_VIEW_MESSAGES } from '@bayclub/shared';
import { PageSpinner } from '#/components/page-spinner';
import { Button } from '#/components/ui/button';
import { errorMessage, isApiError } from '#/lib/api';
import { usePublicProfileQuery } from '#/lib/public-profile';
import { ProfileActions } from './profile-actions';
import { MessageTab } from './message-tab';
import { ProfileHeader } from './profile-header';
import { ProfileTabs } from './profile-tabs';
import { useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** '/view-profile/:userId': another member's profile (or one's own, seen as others see it). */
export function ViewProfilePage() {
  const userId = useParams().userId ?? '';
  const valid = isProfileId(userId);
  // Spec 2: an id that is not a version 1-5 UUID never reaches the server.
  const query = usePublicProfileQuery(userId, valid);
  const t = useT(catalog);

  if (!valid) return <NoProfile />;
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NoProfile />;
    return (
      <section role="alert" className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
        <h1 className="text-xl font-semibold">{t('profile.view.loadFailed')}</h1>
        <p className="text-muted-foreground">{errorMessage(query.error)}</p>
        <Button onClick={() => void query.refetch()}>{t('profile.view.retry')}</Button>
      </section>
    );
  }

  const profile = query.data;
  const name = profile.fullName || t('profile.view.fallbackName');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <div className="rounded-2xl border bg-card p-5 text-card-foreground shadow-sm sm:p-8">
        <ProfileHeader
          profile={profile}
          actions={profile.isOwn ? undefined : <ProfileActions userId={profile.id} name={name} />}
        />
      </div>
      <ProfileTabs
        profileId={profile.id}
        isOwner={false}
        messageLabel="Message"
        messageContent={<MessageTab isOwn={profile.isOwn} name={name} />}
      />
    </div>
  );
}

function NoProfile() {
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <section className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-3 px-4 py-16 text-center">
      <UserRoundXIcon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-xl font-semibold">{s(PROFILE_VIEW_MESSAGES.noProfile)}</h1>
      <p className="text-muted-foreground">{t('profile.view.noProfileText')}</p>
    </section>
  );
}

/** Signed-out visitors opening a profile sign in first (spec 2), then come back to it. */
export function ViewProfileSignInRedirect() {
  const userId = useParams().userId ?? '';
  return <Navigate to="/auth" replace state={{ from: `/view-profile/${encodeURIComponent(userId)}` }} />;
}
