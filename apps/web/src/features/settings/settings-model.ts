import { CircleDollarSignIcon, CrownIcon, ShieldIcon, UserIcon, type LucideIcon } from 'lucide-react';
import {
  CITIES,
  GENDERS,
  RELATIONSHIP_STATUSES,
  type City,
  type Gender,
  type OwnProfileView,
  type ProfileUpdateInput,
  type RelationshipStatus,
} from '@bayclub/shared';

export type SettingsSection = 'profile' | 'security' | 'earnings' | 'memberships';

/** The modal's sections; `label` is a settings catalogue id. */
export const SETTINGS_SECTIONS: ReadonlyArray<{ id: SettingsSection; label: string; icon: LucideIcon }> = [
  { id: 'profile', label: 'settings.sections.profile', icon: UserIcon },
  { id: 'security', label: 'settings.sections.security', icon: ShieldIcon },
  { id: 'earnings', label: 'settings.sections.earnings', icon: CircleDollarSignIcon },
  { id: 'memberships', label: 'settings.sections.memberships', icon: CrownIcon },
];

export type ProfileTab = 'basic' | 'social' | 'interests' | 'personal';

/** The Profile section's tabs; `label` is a settings catalogue id. */
export const PROFILE_TABS: ReadonlyArray<{ id: ProfileTab; label: string }> = [
  { id: 'basic', label: 'settings.profileTabs.basic' },
  { id: 'social', label: 'settings.profileTabs.social' },
  { id: 'interests', label: 'settings.profileTabs.interests' },
  { id: 'personal', label: 'settings.profileTabs.personal' },
];

export type ProfileFormValues = Required<ProfileUpdateInput>;
export type ProfileField = keyof ProfileFormValues;

/** Which tab shows a field, so a save error can open the tab it belongs to. */
export const FIELD_TAB: Record<ProfileField, ProfileTab> = {
  fullName: 'basic',
  username: 'basic',
  bio: 'basic',
  instagramUsername: 'social',
  tiktokUsername: 'social',
  linkedinUsername: 'social',
  youtubeUsername: 'social',
  interests: 'interests',
  gender: 'personal',
  relationshipStatus: 'personal',
  age: 'personal',
  city: 'personal',
};

/** The tab of a server field name such as `interests.3`; unknown names fall back to Basic. */
export function tabOfField(name: string): ProfileTab {
  const root = name.split('.')[0] as ProfileField;
  return FIELD_TAB[root] ?? 'basic';
}

const pick = <T extends string>(all: readonly T[], value: string | null): T | null =>
  value !== null && (all as readonly string[]).includes(value) ? (value as T) : null;

/** Every field of PUT /api/me/profile, from the profile as it is now (Cancel returns to exactly this). */
export function toFormValues(profile: OwnProfileView): ProfileFormValues {
  return {
    fullName: profile.fullName ?? '',
    username: profile.username ?? '',
    bio: profile.bio ?? '',
    instagramUsername: profile.instagramUsername ?? '',
    tiktokUsername: profile.tiktokUsername ?? '',
    linkedinUsername: profile.linkedinUsername ?? '',
    youtubeUsername: profile.youtubeUsername ?? '',
    interests: [...profile.interests],
    gender: pick<Gender>(GENDERS, profile.gender),
    relationshipStatus: pick<RelationshipStatus>(RELATIONSHIP_STATUSES, profile.relationshipStatus),
    age: profile.age,
    city: pick<City>(CITIES, profile.city),
  };
}

const filled = (v: string | null | undefined) => !!v && v.trim().length > 0;

/**
 * The Profile section's completed tick (the spec is silent on the rule): the things other members see
 * first are there: a name, a username, a picture, a bio and a city. Judged on what is typed now.
 */
export function isProfileComplete(values: Partial<ProfileFormValues>, pictureUrl: string | null): boolean {
  return filled(values.fullName) && filled(values.username) && !!pictureUrl && filled(values.bio) && !!values.city;
}
