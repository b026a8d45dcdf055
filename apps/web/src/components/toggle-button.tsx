import type * as React from 'react';
import { Button } from '#/components/ui/button';

/** A button that stays pressed (aria-pressed), for filters and the view switch. */
export function ToggleButton({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <Button type="button" size="sm" variant={pressed ? 'default' : 'outline'} aria-pressed={pressed} onClick={onClick} className="rounded-full">
      {children}
    </Button>
  );
}
