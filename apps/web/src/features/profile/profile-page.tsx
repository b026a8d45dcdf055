import { UserRoundXIcon } from 'lucide-react';
import { useMe } from '#/features/auth/use-session';
import { ApplicationStatusCard, DeactivatedBanner } from './application-status-card';
import { ProfileActions } from './profile-actions';
import { ProfileHeader } from './profile-header';

/** '/profile': the signed-in member's own profile (this version: details, application status, account actions). */
export function ProfilePage() {
  const me = useMe();
  const profile = me?.profile ?? null;

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6 sm:px-6 sm:py-10">
      {profile ? (
        <>
          {profile.isDeactivated && <DeactivatedBanner />}
          <ApplicationStatusCard profile={profile} />
          <div className="rounded-2xl border bg-card p-5 text-card-foreground shadow-sm sm:p-8">
            <ProfileHeader profile={profile} />
          </div>
        </>
      ) : (
        <section className="grid justify-items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
          <UserRoundXIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <h1 className="text-lg font-semibold">No user profile available</h1>
          <p className="max-w-sm text-sm text-muted-foreground">
            Your account has no profile yet. If you just applied, try again in a moment.
          </p>
        </section>
      )}
      {me && <ProfileActions />}
    </div>
  );
}
