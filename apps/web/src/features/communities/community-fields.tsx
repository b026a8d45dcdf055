import { useFormContext, useWatch } from 'react-hook-form';
import {
  CITIES,
  CITY_LABELS,
  COMMUNITY_LIMITS,
  COMMUNITY_MESSAGES,
  COMMUNITY_VISIBILITY_LABELS,
  COMMUNITY_VISIBILITIES,
  JOIN_POLICIES,
  JOIN_POLICY_LABELS,
  type CreateCommunityInput,
} from '@bayclub/shared';
import { SelectField } from '#/components/select-field';
import { TextField } from '#/components/text-field';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { Textarea } from '#/components/ui/textarea';
import { InterestsPicker } from '#/components/member/interests-picker';
import { cn } from '#/lib/utils';
import { useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';
import { SlugField } from './slug-field';
import type { SlugStatus } from './use-slug-availability';

/** Catalogue ids of the hint under each choice. */
const VISIBILITY_HINTS = {
  public: 'communities.fields.visibility.public',
  private: 'communities.fields.visibility.private',
} as const;
const JOIN_HINTS = { open: 'communities.fields.joinPolicy.open', request: 'communities.fields.joinPolicy.request' } as const;

/** Name, address, description, visibility, join policy, city and topics: the create and edit forms share them. */
export function CommunityFields({ slugStatus, onSlugEdited }: { slugStatus: SlugStatus; onSlugEdited: () => void }) {
  const { control, setValue } = useFormContext<CreateCommunityInput>();
  const interests = useWatch({ control, name: 'interests' }) ?? [];
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <div className="grid gap-5">
      <TextField<CreateCommunityInput> name="name" label={t('communities.fields.name')} maxLength={COMMUNITY_LIMITS.nameMax} autoComplete="off" />
      <SlugField status={slugStatus} onEdited={onSlugEdited} />
      <DescriptionField />
      <ChoiceField name="visibility" legend={t('communities.fields.visibility')} options={COMMUNITY_VISIBILITIES} labels={COMMUNITY_VISIBILITY_LABELS} hints={VISIBILITY_HINTS} />
      <ChoiceField name="joinPolicy" legend={t('communities.fields.joinPolicy')} options={JOIN_POLICIES} labels={JOIN_POLICY_LABELS} hints={JOIN_HINTS} />
      <SelectField<CreateCommunityInput>
        name="city"
        label={t('communities.fields.city')}
        options={[{ value: '', label: t('communities.fields.noCity') }, ...CITIES.map((c) => ({ value: c, label: s(CITY_LABELS[c]) }))]}
        toForm={(v) => (v === '' ? null : v)}
        fromForm={(v) => (v == null ? '' : String(v))}
      />
      <InterestsPicker
        label={t('communities.fields.topics')}
        max={COMMUNITY_LIMITS.interestsMax}
        maxMessage={s(COMMUNITY_MESSAGES.interestsMax)}
        value={interests}
        onChange={(next) => setValue('interests', next, { shouldDirty: true, shouldValidate: true })}
      />
    </div>
  );
}

function DescriptionField() {
  const { control } = useFormContext<CreateCommunityInput>();
  const t = useT(catalog);
  return (
    <FormField
      control={control}
      name="description"
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            {t('communities.fields.description')}{' '}
            <span className="font-normal text-muted-foreground">{t('communities.fields.optional')}</span>
          </FormLabel>
          <FormControl>
            <Textarea {...field} value={field.value ?? ''} rows={4} maxLength={COMMUNITY_LIMITS.descriptionMax} />
          </FormControl>
          <FormDescription className="tabular-nums">{t('communities.fields.characters', { count: field.value?.length ?? 0, max: COMMUNITY_LIMITS.descriptionMax })}</FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** A radio group (fieldset and legend) for a small choice. */
function ChoiceField<V extends string>({
  name,
  legend,
  options,
  labels,
  hints,
}: {
  name: 'visibility' | 'joinPolicy';
  legend: string;
  options: readonly V[];
  labels: Record<V, string>;
  hints: Record<V, string>;
}) {
  const { control } = useFormContext<CreateCommunityInput>();
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <fieldset className="grid gap-2">
          <legend className={cn('mb-2 text-sm font-medium', fieldState.error && 'text-destructive')}>{legend}</legend>
          {options.map((option) => (
            <label key={option} className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50">
              <input
                type="radio"
                name={field.name}
                value={option}
                checked={field.value === option}
                onChange={() => field.onChange(option)}
                onBlur={field.onBlur}
                className="mt-1 accent-primary"
              />
              <span className="grid gap-0.5">
                <span className="text-sm font-medium">{s(labels[option])}</span>
                <span className="text-sm text-muted-foreground">{t(hints[option])}</span>
              </span>
            </label>
          ))}
          {fieldState.error && (
            <p role="alert" className="text-sm text-destructive">
              {fieldState.error.message && s(fieldState.error.message)}
            </p>
          )}
        </fieldset>
      )}
    />
  );
}
