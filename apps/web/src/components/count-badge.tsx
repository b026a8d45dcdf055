import { cn } from '#/lib/utils';
import { formatBadgeCount } from '#/lib/format';

/** A small red count bubble ('99+' above 99). Hidden from assistive tech: describe the count in the owner's label. */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      data-slot="count-badge"
      aria-hidden="true"
      className={cn(
        'inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-semibold text-destructive-foreground',
        className,
      )}
    >
      {formatBadgeCount(count)}
    </span>
  );
}
