import type * as React from 'react';
import { InfoIcon } from 'lucide-react';
import {
  AGE_OPTIONS,
  CITIES,
  CITY_LABELS,
  GENDERS,
  LIMITS,
  RELATIONSHIP_STATUSES,
  RELATIONSHIP_STATUS_LABELS,
  type ProfileUpdateInput,
} from '@bayclub/shared';
import { SelectField, type SelectOption } from '#/components/select-field';
import { TextField } from '#/components/text-field';
import { BioField, UsernameField } from '#/features/landing';
import { InstagramConnect } from '#/features/instagram';
import { ProfilePictureControl } from '#/features/media';
import { useSharedText, useT } from '#/lib/i18n';
import { SOCIAL_FIELDS, type ProfileSettings } from './use-profile-settings';
import { catalog } from './i18n';

/** Basic: picture, Name, Username (with the live check), Bio (with its counter). */
export function BasicTab({ settings }: { settings: ProfileSettings }) {
  const t = useT(catalog);
  return (
    <div className="grid gap-6">
      <ProfilePictureControl picture={settings.picture} uploadNow />
      <TextField<ProfileUpdateInput> name="fullName" label={t('settings.basic.name')} autoComplete="name" maxLength={LIMITS.nameMax} />
      <UsernameField status={settings.usernameStatus} />
      <BioField />
    </div>
  );
}

/** Each social field's hint (settings catalogue ids). */
const SOCIAL_HINTS: Record<(typeof SOCIAL_FIELDS)[number]['name'], string> = {
  instagramUsername: 'settings.social.hint.instagram',
  tiktokUsername: 'settings.social.hint.tiktok',
  linkedinUsername: 'settings.social.hint.linkedin',
  youtubeUsername: 'settings.social.hint.youtube',
};

/** Social: link Instagram (professional accounts) or type a handle, and the four usernames, checked as typed. */
export function SocialTab({ settings }: { settings: ProfileSettings }) {
  const readOnly = settings.canEdit && !settings.canEditSocial;
  const { profile } = settings;
  const linked = profile.instagramVerified && !!profile.instagramUsername;
  const t = useT(catalog);
  return (
    <div className="grid gap-6">
      <InstagramConnect
        profile={profile}
        canLink={profile.accountType === 'full_platform' && !profile.isDeactivated}
        // The typed field held the linked handle: empty it, so a later Save does not bring it back unverified.
        onDisconnected={() => settings.form.resetField('instagramUsername', { defaultValue: '' })}
      />
      {readOnly && (
        <ReadOnlyNote>{t('settings.social.readOnly')}</ReadOnlyNote>
      )}
      <fieldset disabled={!settings.canEditSocial} className="grid gap-4">
        <legend className="sr-only">{t('settings.social.legend')}</legend>
        {SOCIAL_FIELDS.map(({ name, label }) => (
          <TextField<ProfileUpdateInput>
            key={name}
            name={name}
            label={label}
            description={name === 'instagramUsername' && linked ? t('settings.social.linked') : t(SOCIAL_HINTS[name])}
            readOnly={name === 'instagramUsername' && linked}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={name === 'linkedinUsername' ? 200 : 60}
          />
        ))}
      </fieldset>
    </div>
  );
}

const AGE_SELECT_OPTIONS: SelectOption[] = AGE_OPTIONS.map((a) => ({ value: String(a), label: String(a) }));
const toNullable = (v: string) => (v === '' ? null : v);

/** Personal: Gender, Relationship Status, Age (13 to 100) and City. The values stay English; their labels follow the page. */
export function PersonalTab() {
  const t = useT(catalog);
  const s = useSharedText();
  const genderOptions: SelectOption[] = GENDERS.map((g) => ({ value: g, label: s(g) }));
  const cityOptions: SelectOption[] = CITIES.map((c) => ({ value: c, label: s(CITY_LABELS[c]) }));
  /** not_specified has no display label (spec 3): offered here as 'Prefer not to say'. */
  const relationshipOptions: SelectOption[] = RELATIONSHIP_STATUSES.map((status) => ({
    value: status,
    label: RELATIONSHIP_STATUS_LABELS[status] ? s(RELATIONSHIP_STATUS_LABELS[status]) : t('settings.personal.relationshipNotSpecified'),
  }));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField<ProfileUpdateInput>
        name="gender"
        label={t('settings.personal.gender')}
        options={genderOptions}
        placeholder={t('settings.personal.genderPlaceholder')}
        toForm={toNullable}
      />
      <SelectField<ProfileUpdateInput>
        name="relationshipStatus"
        label={t('settings.personal.relationship')}
        options={relationshipOptions}
        placeholder={t('settings.personal.relationshipPlaceholder')}
        toForm={toNullable}
      />
      <SelectField<ProfileUpdateInput>
        name="age"
        label={t('settings.personal.age')}
        options={AGE_SELECT_OPTIONS}
        placeholder={t('settings.personal.agePlaceholder')}
        toForm={(v) => (v === '' ? null : Number(v))}
      />
      <SelectField<ProfileUpdateInput>
        name="city"
        label={t('settings.personal.city')}
        options={cityOptions}
        placeholder={t('settings.personal.cityPlaceholder')}
        toForm={toNullable}
      />
    </div>
  );
}

export function ReadOnlyNote({ children }: { children: React.ReactNode }) {
  return (
    <p role="note" className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
      <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      <span>{children}</span>
    </p>
  );
}
