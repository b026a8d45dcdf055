import type * as React from 'react';
import { Loader2Icon } from 'lucide-react';
import { cn } from '#/lib/utils';

/** A spinning icon. Give it a `label` when nothing else on screen says what is loading. */
export function Spinner({ className, label, ...props }: React.ComponentProps<'svg'> & { label?: string }) {
  return (
    <Loader2Icon
      data-slot="spinner"
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}
