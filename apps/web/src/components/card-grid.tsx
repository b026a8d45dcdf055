import type * as React from 'react';
import { AlertTriangleIcon, UsersRoundIcon, type LucideIcon } from 'lucide-react';
import { errorMessage } from '#/lib/api';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';
import { RetryButton } from './retry-button';

/** Cards as a named list, one `li` each; `className` sets the grid's columns. */
export function CardGrid<T>({
  label,
  items,
  getKey,
  className,
  children,
}: {
  label: string;
  items: readonly T[];
  getKey: (item: T) => string;
  className: string;
  children: (item: T) => React.ReactNode;
}) {
  return (
    <ul aria-label={label} className={className}>
      {items.map((item) => (
        <li key={getKey(item)}>{children(item)}</li>
      ))}
    </ul>
  );
}

/** A list that failed to load: the reason and Retry. */
export function ListError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  const t = useT(catalog);
  return (
    <div role="alert" className="grid justify-items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/5 px-6 py-10 text-center">
      <AlertTriangleIcon aria-hidden="true" className="size-8 text-destructive" />
      <p className="font-medium">{t('components.load.failed', { what })}</p>
      <p className="text-sm text-muted-foreground">{errorMessage(error)}</p>
      <RetryButton onClick={onRetry} />
    </div>
  );
}

/** A list with nothing in it: what that means, a hint, and what to do about it (`children`). */
export function EmptyState({
  title,
  hint,
  icon: Icon = UsersRoundIcon,
  children,
}: {
  title: string;
  hint?: string;
  icon?: LucideIcon;
  children?: React.ReactNode;
}) {
  return (
    <div className="grid justify-items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
      <Icon aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-medium">{title}</p>
      {hint && <p className="max-w-sm text-sm text-muted-foreground">{hint}</p>}
      {children}
    </div>
  );
}
