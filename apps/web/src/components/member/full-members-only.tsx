import { LockIcon } from 'lucide-react';
import { catalog } from '#/components/i18n';
import { isApiError } from '#/lib/api';
import { useT } from '#/lib/i18n';

/** The server answers 403 on full_platform routes to community_only members: that is a fact to explain, not an error. */
export const isForbidden = (error: unknown) => isApiError(error) && error.status === 403;

/** Said instead of an error when a limited member reaches a full members' feature (like 'Messaging Not Available'). */
export function FullMembersOnly({ title }: { title: string }) {
  const t = useT(catalog);
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center">
      <LockIcon aria-hidden="true" className="size-8 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-sm text-sm text-muted-foreground">{t('components.member.fullOnly')}</p>
    </div>
  );
}
