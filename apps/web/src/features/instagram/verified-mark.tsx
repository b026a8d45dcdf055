import { BadgeCheckIcon } from 'lucide-react';
import { cn } from '#/lib/utils';

/** The mark of an Instagram handle linked through Instagram (decision 033); a typed handle has none. */
export function VerifiedInstagramMark({ className }: { className?: string }) {
  return (
    <span role="img" aria-label="Verified Instagram account" title="Verified Instagram account" className={cn('inline-flex text-primary', className)}>
      <BadgeCheckIcon aria-hidden="true" className="size-4" />
    </span>
  );
}
