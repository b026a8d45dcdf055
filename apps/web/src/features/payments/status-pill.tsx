import type * as React from 'react';
import { cn } from '#/lib/utils';

export type PillTone = 'success' | 'warning' | 'danger' | 'neutral';

// Tinted, with the text in the foreground colour: 4.5:1 in both themes (the tints alone would not be).
const TONES: Record<PillTone, string> = {
  success: 'border-success/50 bg-success/10',
  warning: 'border-warning/50 bg-warning/10',
  danger: 'border-destructive/50 bg-destructive/10',
  neutral: 'border-border bg-muted',
};

/** A state in a word or two (Account Ready, Paid, Awaiting payment...), its tone for the eye only. */
export function StatusPill({ tone, icon, children }: { tone: PillTone; icon?: React.ReactNode; children: React.ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-foreground [&>svg]:size-3.5',
        TONES[tone],
      )}
    >
      {icon}
      {children}
    </span>
  );
}
