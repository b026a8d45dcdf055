import { EyeOffIcon, HourglassIcon, InfoIcon } from 'lucide-react';
import { PROFILE_VIEW_MESSAGES, type OwnProfileView } from '@bayclub/shared';
import { ReactivateAccountButton } from '#/features/account';
import { formatterOnDemand } from '#/lib/format';
import { useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';

const dateFormat = formatterOnDemand((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }));

/** Where the member's application stands; nothing for full platform members. */
export function ApplicationStatusCard({ profile }: { profile: OwnProfileView }) {
  const t = useT(catalog);
  if (profile.accountType === 'full_platform') return null;
  if (profile.applicationStatus === 'pending') {
    return (
      <section
        aria-labelledby="application-status"
        className="flex gap-4 rounded-xl border border-primary/40 bg-primary/10 p-4 sm:p-5"
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/20 text-primary">
          <HourglassIcon aria-hidden="true" className="size-5" />
        </span>
        <div className="grid gap-1">
          <h2 id="application-status" className="font-semibold">
            {t('profile.status.pendingTitle')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('profile.status.pendingText')}</p>
          <p className="text-sm">{t('profile.status.appliedOn', { date: dateFormat().format(new Date(profile.createdAt)) })}</p>
        </div>
      </section>
    );
  }
  if (profile.applicationStatus === 'rejected') {
    return (
      <section aria-labelledby="application-status" className="flex gap-4 rounded-xl border bg-muted/60 p-4 sm:p-5">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <InfoIcon aria-hidden="true" className="size-5" />
        </span>
        <div className="grid gap-1">
          <h2 id="application-status" className="font-semibold">
            {t('profile.status.rejectedTitle')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('profile.status.rejectedText')}</p>
        </div>
      </section>
    );
  }
  return null;
}

/**
 * Spec 2: a deactivated profile is hidden and can be reactivated in Settings. Signing in does not reactivate
 * (decision 012), so the banner carries the button as well.
 */
export function DeactivatedBanner() {
  const s = useSharedText();
  return (
    <section
      role="status"
      aria-labelledby="deactivated-title"
      className="flex flex-col gap-4 rounded-xl border border-warning/50 bg-warning/10 p-4 sm:flex-row sm:items-center sm:p-5"
    >
      <div className="flex flex-1 gap-4">
        <EyeOffIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
        <div className="grid gap-1">
          <h2 id="deactivated-title" className="font-semibold">
            {s(PROFILE_VIEW_MESSAGES.deactivatedTitle)}
          </h2>
          <p className="text-sm text-muted-foreground">{s(PROFILE_VIEW_MESSAGES.deactivatedText)}</p>
        </div>
      </div>
      <ReactivateAccountButton className="self-start sm:self-center" />
    </section>
  );
}
