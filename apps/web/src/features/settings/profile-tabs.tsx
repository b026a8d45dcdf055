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
import { SOCIAL_FIELDS, type ProfileSettings } from './use-profile-settings';

/** Basic: picture, Name, Username (with the live check), Bio (with its counter). */
export function BasicTab({ settings }: { settings: ProfileSettings }) {
  return (
    <div className="grid gap-6">
      <ProfilePictureControl picture={settings.picture} uploadNow />
      <TextField<ProfileUpdateInput> name="fullName" label="Name" autoComplete="name" maxLength={LIMITS.nameMax} />
      <UsernameField status={settings.usernameStatus} />
      <BioField />
    </div>
  );
}

const SOCIAL_HINTS: Record<(typeof SOCIAL_FIELDS)[number]['name'], string> = {
  instagramUsername: 'Your Instagram username, with or without the @.',
  tiktokUsername: 'Your TikTok username, with or without the @.',
  linkedinUsername: 'Your LinkedIn profile name, or paste your linkedin.com/in/ profile URL.',
  youtubeUsername: 'Your YouTube handle, with or without the @.',
};

/** Social: link Instagram (professional accounts) or type a handle, and the four usernames, checked as typed. */
export function SocialTab({ settings }: { settings: ProfileSettings }) {
  const readOnly = settings.canEdit && !settings.canEditSocial;
  const { profile } = settings;
  const linked = profile.instagramVerified && !!profile.instagramUsername;
  return (
    <div className="grid gap-6">
      <InstagramConnect
        profile={profile}
        canLink={profile.accountType === 'full_platform' && !profile.isDeactivated}
        // The typed field held the linked handle: empty it, so a later Save does not bring it back unverified.
        onDisconnected={() => settings.form.resetField('instagramUsername', { defaultValue: '' })}
      />
      {readOnly && (
        <ReadOnlyNote>Adding social links is not available for your membership yet, so these are shown read-only.</ReadOnlyNote>
      )}
      <fieldset disabled={!settings.canEditSocial} className="grid gap-4">
        <legend className="sr-only">Social usernames</legend>
        {SOCIAL_FIELDS.map(({ name, label }) => (
          <TextField<ProfileUpdateInput>
            key={name}
            name={name}
            label={label}
            description={name === 'instagramUsername' && linked ? 'Linked through Instagram: disconnect to change it.' : SOCIAL_HINTS[name]}
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

const GENDER_OPTIONS: SelectOption[] = GENDERS.map((g) => ({ value: g, label: g }));
/** not_specified has no display label (spec 3): offered here as 'Prefer not to say'. */
const RELATIONSHIP_OPTIONS: SelectOption[] = RELATIONSHIP_STATUSES.map((s) => ({
  value: s,
  label: RELATIONSHIP_STATUS_LABELS[s] || 'Prefer not to say',
}));
const AGE_SELECT_OPTIONS: SelectOption[] = AGE_OPTIONS.map((a) => ({ value: String(a), label: String(a) }));
const CITY_OPTIONS: SelectOption[] = CITIES.map((c) => ({ value: c, label: CITY_LABELS[c] }));
const toNullable = (v: string) => (v === '' ? null : v);

/** Personal: Gender, Relationship Status, Age (13 to 100) and City. */
export function PersonalTab() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField<ProfileUpdateInput> name="gender" label="Gender" options={GENDER_OPTIONS} placeholder="Select gender" toForm={toNullable} />
      <SelectField<ProfileUpdateInput>
        name="relationshipStatus"
        label="Relationship Status"
        options={RELATIONSHIP_OPTIONS}
        placeholder="Select status"
        toForm={toNullable}
      />
      <SelectField<ProfileUpdateInput>
        name="age"
        label="Age"
        options={AGE_SELECT_OPTIONS}
        placeholder="Select age"
        toForm={(v) => (v === '' ? null : Number(v))}
      />
      <SelectField<ProfileUpdateInput> name="city" label="City" options={CITY_OPTIONS} placeholder="Select city" toForm={toNullable} />
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
