import * as React from 'react';
import { AGE_OPTIONS, CITIES, CITY_LABELS, DIRECTORY_MESSAGES, type City } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Checkbox } from '#/components/ui/checkbox';
import { Label } from '#/components/ui/label';
import { NativeSelect } from '#/components/ui/native-select';
import { InterestsPicker } from '#/components/member/interests-picker';
import { useSharedText, useT } from '#/lib/i18n';
import { countDirectoryFilters, type DirectoryFilters } from './directory-params';
import { catalog } from './i18n';

interface DirectoryFiltersFormProps {
  filters: DirectoryFilters;
  /** Every change applies at once (the URL changes, the list follows). */
  onChange: (next: DirectoryFilters) => void;
  onClear: () => void;
}

/** City, age range, interests (any of them), verified, and hiding members with neither photo nor bio. */
export function DirectoryFiltersForm({ filters, onChange, onClear }: DirectoryFiltersFormProps) {
  const t = useT(catalog);
  const s = useSharedText();
  const id = React.useId();
  const set = (patch: Partial<DirectoryFilters>) => onChange({ ...filters, ...patch });
  const ageValue = (v: string) => (v === '' ? null : Number(v));

  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-city`}>{t('directory.filters.city')}</Label>
        <NativeSelect id={`${id}-city`} value={filters.city ?? ''} onChange={(e) => set({ city: (e.target.value || null) as City | null })}>
          <option value="">{t('directory.filters.anyCity')}</option>
          {CITIES.map((c) => (
            <option key={c} value={c}>
              {s(CITY_LABELS[c])}
            </option>
          ))}
        </NativeSelect>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('directory.filters.age')}</legend>
        <div className="grid grid-cols-2 gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-age-min`} className="text-xs text-muted-foreground">
              {t('directory.filters.ageMin')}
            </Label>
            <NativeSelect id={`${id}-age-min`} value={filters.ageMin ?? ''} onChange={(e) => set({ ageMin: ageValue(e.target.value) })}>
              <option value="">{t('directory.filters.any')}</option>
              {AGE_OPTIONS.filter((a) => filters.ageMax === null || a <= filters.ageMax).map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-age-max`} className="text-xs text-muted-foreground">
              {t('directory.filters.ageMax')}
            </Label>
            <NativeSelect id={`${id}-age-max`} value={filters.ageMax ?? ''} onChange={(e) => set({ ageMax: ageValue(e.target.value) })}>
              <option value="">{t('directory.filters.any')}</option>
              {AGE_OPTIONS.filter((a) => filters.ageMin === null || a >= filters.ageMin).map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      </fieldset>
      <div className="grid gap-3">
        <CheckboxRow id={`${id}-verified`} label={s(DIRECTORY_MESSAGES.verifiedOnly)} checked={filters.verified} onChange={(verified) => set({ verified })} />
        <CheckboxRow
          id={`${id}-complete`}
          label={s(DIRECTORY_MESSAGES.hideIncomplete)}
          checked={filters.hideIncomplete}
          onChange={(hideIncomplete) => set({ hideIncomplete })}
        />
      </div>
      <InterestsPicker label={t('directory.filters.interests')} value={filters.interests} onChange={(interests) => set({ interests })} />
      {countDirectoryFilters(filters) > 0 && (
        <Button type="button" variant="outline" onClick={onClear}>
          {s(DIRECTORY_MESSAGES.clearFilters)}
        </Button>
      )}
    </div>
  );
}

function CheckboxRow({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="flex items-start gap-3">
      <Checkbox id={id} checked={checked} onCheckedChange={(v) => onChange(v === true)} className="mt-0.5" />
      <Label htmlFor={id} className="leading-snug font-normal">
        {label}
      </Label>
    </div>
  );
}
