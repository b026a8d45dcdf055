import * as React from 'react';
import { FilterIcon } from 'lucide-react';
import {
  ACCOUNT_TYPES,
  ADMIN_MEMBER_STATE_LABELS,
  ADMIN_MEMBER_STATES,
  CITIES,
  CITY_LABELS,
  CRM_MIN_FILTER_KEYS,
  CRM_SORT_LABELS,
  INTEREST_CATEGORIES,
  compactFilters,
  crmFiltersSchema,
  type CrmAccessView,
  type CrmFiltersInput,
  type CrmMinFilter,
  type CrmSort,
} from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Input } from '#/components/ui/input';
import { NativeSelect } from '#/components/ui/native-select';
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle, SheetTrigger } from '#/components/ui/sheet';
import { useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** Account types' names (catalogue ids). */
const TYPE_LABELS = { full_platform: 'crm.accountType.fullPlatform', community_only: 'crm.accountType.communityOnly' } as const;
/** The figure each minimum applies to (its name is the sort's, "... at least"). */
const MIN_SORTS: Record<CrmMinFilter, CrmSort> = {
  minRsvps: 'rsvps',
  minAttended: 'attended',
  minNoShows: 'no_shows',
  minCheckIns: 'check_ins',
  minPaidEvents: 'paid_events',
  minConnections: 'connections',
};

/** How many filters are set (the button's count). */
export const filterCount = (f: CrmFiltersInput) => Object.keys(compactFilters({ ...f, q: undefined })).length;

/**
 * The filters in a side sheet (full width on a phone). The draft is checked with the contract's schema (the same one
 * the server and saved segments use) before it applies; a wrong field says why.
 */
export function FiltersSheet({ value, onApply, access }: { value: CrmFiltersInput; onApply: (f: CrmFiltersInput) => void; access: CrmAccessView }) {
  const t = useT(catalog);
  const s = useSharedText();
  const [open, setOpen] = React.useState(false);
  const [draft, setDraft] = React.useState<Record<string, unknown>>(value as Record<string, unknown>);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  // The draft starts from the applied filters each time the panel opens (not when they change while it is open).
  const onOpenChange = (next: boolean) => {
    if (next) {
      setDraft(value as Record<string, unknown>);
      setErrors({});
    }
    setOpen(next);
  };
  const set = (k: string, v: unknown) => setDraft((d) => ({ ...d, [k]: v }));
  const str = (k: string) => (draft[k] === undefined || draft[k] === null ? '' : String(draft[k]));
  const interests = (draft.interests as string[] | undefined) ?? [];
  const count = filterCount(value);

  const apply = (e: React.FormEvent) => {
    e.preventDefault();
    const compact = compactFilters({ ...draft, q: value.q });
    const parsed = crmFiltersSchema.safeParse(compact);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    onApply(compact as CrmFiltersInput);
    setOpen(false);
  };

  const field = (k: string, label: string, input: React.ReactNode) => (
    <div className="grid gap-1 text-sm">
      <label htmlFor={`crm-f-${k}`} className="font-medium">
        {label}
      </label>
      {input}
      {errors[k] && (
        <p id={`crm-f-${k}-error`} className="text-xs text-destructive">
          {s(errors[k])}
        </p>
      )}
    </div>
  );
  const select = (k: string, label: string, options: ReadonlyArray<readonly [string, string]>) =>
    field(
      k,
      label,
      <NativeSelect id={`crm-f-${k}`} value={str(k)} onChange={(e) => set(k, e.target.value || undefined)}>
        <option value="">{t('crm.filters.any')}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </NativeSelect>,
    );
  const date = (k: string, label: string) =>
    field(k, label, <Input id={`crm-f-${k}`} type="date" value={str(k)} aria-invalid={!!errors[k]} onChange={(e) => set(k, e.target.value || undefined)} />);

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>
        <Button variant="outline">
          <FilterIcon aria-hidden="true" />
          {count > 0 ? t('crm.filters.buttonCount', { count }) : t('crm.filters.title')}
        </Button>
      </SheetTrigger>
      <SheetContent side="right" className="w-full overflow-y-auto sm:max-w-md">
        <form onSubmit={apply} noValidate className="grid gap-4">
          <SheetHeader>
            <SheetTitle>{t('crm.filters.title')}</SheetTitle>
            <SheetDescription>{t('crm.filters.description')}</SheetDescription>
          </SheetHeader>
          <div className="grid gap-3 px-4">
            <div className="grid grid-cols-2 gap-3">
              {select('type', t('crm.filters.accountType'), ACCOUNT_TYPES.map((type) => [type, t(TYPE_LABELS[type])] as const))}
              {select('state', t('crm.filters.state'), ADMIN_MEMBER_STATES.map((state) => [state, s(ADMIN_MEMBER_STATE_LABELS[state])] as const))}
              {select('city', t('crm.filters.city'), CITIES.map((c) => [c, s(CITY_LABELS[c])] as const))}
              {access.filterCommunities.length > 0 &&
                select('community', t('crm.filters.community'), access.filterCommunities.map((c) => [c.id, c.name] as const))}
            </div>
            <div className="grid grid-cols-2 gap-3">
              {date('joinedFrom', t('crm.filters.joinedFrom'))}
              {date('joinedTo', t('crm.filters.joinedTo'))}
              {date('activeFrom', t('crm.filters.activeFrom'))}
              {date('activeTo', t('crm.filters.activeTo'))}
            </div>
            <div className="grid grid-cols-2 gap-3">
              {CRM_MIN_FILTER_KEYS.map((k) =>
                field(
                  k,
                  t('crm.filters.atLeast', { figure: s(CRM_SORT_LABELS[MIN_SORTS[k]]) }),
                  <Input
                    id={`crm-f-${k}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    value={str(k)}
                    aria-invalid={!!errors[k]}
                    onChange={(e) => set(k, e.target.value === '' ? undefined : e.target.value)}
                  />,
                ),
              )}
            </div>
            {access.canSeePrivate &&
              field('tag', t('crm.filters.tag'), <Input id="crm-f-tag" value={str('tag')} aria-invalid={!!errors.tag} onChange={(e) => set('tag', e.target.value || undefined)} />)}
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium">{t('crm.filters.interests')}</legend>
              <div className="grid max-h-48 grid-cols-2 gap-1 overflow-y-auto rounded-lg border p-2 text-sm">
                {INTEREST_CATEGORIES.flatMap((c) => c.options).map((interest) => (
                  <label key={interest} className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      checked={interests.includes(interest)}
                      onChange={(e) => set('interests', e.target.checked ? [...interests, interest] : interests.filter((i) => i !== interest))}
                    />
                    {s(interest)}
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
          <SheetFooter className="flex-row gap-2">
            <Button type="submit">{t('crm.filters.apply')}</Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                onApply({ q: value.q });
                setOpen(false);
              }}
            >
              {t('crm.filters.clear')}
            </Button>
          </SheetFooter>
        </form>
      </SheetContent>
    </Sheet>
  );
}
