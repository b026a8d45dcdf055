import * as React from 'react';
import { GlobeIcon, LockIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import {
  CHECK_IN_VISIBILITIES,
  CHECK_IN_VISIBILITY_DESCRIPTIONS,
  CHECK_IN_VISIBILITY_LABELS,
  LOCATION_MESSAGES,
  type CheckInVisibility,
} from '@bayclub/shared';
import { useSharedText } from '#/lib/i18n';
import { cn } from '#/lib/utils';

export const VISIBILITY_ICONS: Record<CheckInVisibility, LucideIcon> = { public: GlobeIcon, connections: UsersIcon, private: LockIcon };

/** "Who can see this check-in?": Public, Connections only, Private, each with what it means; native radios. */
export function VisibilityChoice({
  value,
  onChange,
  disabled = false,
}: {
  value: CheckInVisibility;
  onChange: (value: CheckInVisibility) => void;
  disabled?: boolean;
}) {
  const s = useSharedText();
  const name = React.useId();
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">{s(LOCATION_MESSAGES.whoCanSee)}</legend>
      {CHECK_IN_VISIBILITIES.map((v) => {
        const Icon = VISIBILITY_ICONS[v];
        const id = `${name}-${v}`;
        return (
          <label
            key={v}
            htmlFor={id}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
              value === v && 'border-primary bg-primary/5',
            )}
          >
            <input
              id={id}
              type="radio"
              name={name}
              value={v}
              checked={value === v}
              onChange={() => onChange(v)}
              aria-describedby={`${id}-hint`}
              className="mt-1 size-4 accent-primary"
            />
            <span className="grid gap-0.5">
              <span className="inline-flex items-center gap-1.5 font-medium">
                <Icon aria-hidden="true" className="size-4" />
                {s(CHECK_IN_VISIBILITY_LABELS[v])}
              </span>
              <span id={`${id}-hint`} className="text-sm text-muted-foreground">
                {s(CHECK_IN_VISIBILITY_DESCRIPTIONS[v])}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
