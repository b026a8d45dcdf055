import { BadgeCheckIcon } from 'lucide-react';
import { cn } from '#/lib/utils';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** The mark of an Instagram handle linked through Instagram (decision 033); a typed handle has none. */
export function VerifiedInstagramMark({ className }: { className?: string }) {
  const t = useT(catalog);
  const label = t('instagram.verified');
  return (
    <span role="img" aria-label={label} title={label} className={cn('inline-flex text-primary', className)}>
      <BadgeCheckIcon aria-hidden="true" className="size-4" />
    </span>
  );
}
