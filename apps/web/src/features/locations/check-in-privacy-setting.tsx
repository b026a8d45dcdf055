import * as React from 'react';
import { toast } from 'sonner';
import {
  CHECK_IN_VISIBILITIES,
  CHECK_IN_VISIBILITY_DESCRIPTIONS,
  CHECK_IN_VISIBILITY_LABELS,
  DEFAULT_CHECK_IN_VISIBILITY,
  LOCATION_MESSAGES,
  type CheckInVisibility,
} from '@bayclub/shared';
import { Label } from '#/components/ui/label';
import { NativeSelect } from '#/components/ui/native-select';
import { errorMessage } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { useLocationSettingsMutation, useLocationSettingsQuery } from './api';
import { catalog } from './i18n';

/**
 * The member's default visibility of check-ins (decision 016: on the Locations page, where check-ins happen),
 * saved as soon as it is changed. A disclosure keeps it one line until opened.
 */
export function CheckInPrivacySetting() {
  const id = React.useId();
  const query = useLocationSettingsQuery();
  const save = useLocationSettingsMutation();
  const t = useT(catalog);
  const s = useSharedText();
  const value: CheckInVisibility = save.isPending && save.variables ? save.variables : (query.data?.defaultVisibility ?? DEFAULT_CHECK_IN_VISIBILITY);

  const handleChange = (next: CheckInVisibility) =>
    save.mutate(next, {
      onSuccess: () => toast.success(s(LOCATION_MESSAGES.settingsSaved)),
      onError: (error) => toast.error(t('locations.toast.saveFailed'), { description: errorMessage(error) }),
    });

  return (
    <details className="group rounded-lg border bg-muted/30 px-3 py-2 text-sm">
      <summary className="cursor-pointer font-medium">
        {t('locations.privacy.summary')} <span className="font-normal">{query.isPending ? '...' : s(CHECK_IN_VISIBILITY_LABELS[value])}</span>
      </summary>
      <div className="grid gap-1.5 pt-3 pb-1 sm:max-w-md">
        <Label htmlFor={id}>{s(LOCATION_MESSAGES.defaultVisibility)}</Label>
        <NativeSelect
          id={id}
          value={value}
          disabled={query.isPending || save.isPending}
          onChange={(e) => handleChange(e.target.value as CheckInVisibility)}
          aria-describedby={`${id}-hint`}
        >
          {CHECK_IN_VISIBILITIES.map((v) => (
            <option key={v} value={v}>
              {s(CHECK_IN_VISIBILITY_LABELS[v])}
            </option>
          ))}
        </NativeSelect>
        <p id={`${id}-hint`} className="text-muted-foreground">
          {t('locations.privacy.hint', { description: s(CHECK_IN_VISIBILITY_DESCRIPTIONS[value]) })}
        </p>
      </div>
    </details>
  );
}
