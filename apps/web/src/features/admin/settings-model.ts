import { z } from 'zod';
import {
  LIMITED_USER_FLAGS,
  SETTING_DEFAULTS,
  flagSettingKey,
  settingValueSchemas,
  type AllSettings,
  type LimitedUserFlag,
  type SettingKey,
} from '@bayclub/shared';

/** Human labels for the 22 limited-user flags, in the two groups the settings form shows. */
export const FLAG_LABELS: Record<LimitedUserFlag, string> = {
  see_feed_nav: 'See Feed in navigation',
  see_connections_nav: 'See Connections in navigation',
  see_communities_nav: 'See Communities in navigation',
  see_events_nav: 'See Events in navigation',
  see_locations_nav: 'See Locations in navigation',
  see_profile_nav: 'See Profile in navigation',
  view_locations: 'View locations',
  checkin_locations: 'Check in at locations',
  message: 'Send messages',
  upload_images: 'Upload images',
  create_events: 'Create events',
  create_communities: 'Create communities',
  generate_qr_codes: 'Generate QR codes',
  scan_qr_codes: 'Scan QR codes',
  edit_profile: 'Edit profile',
  add_social_links: 'Add social links',
  share_content: 'Share content',
  comment_posts: 'Comment on posts',
  like_posts: 'Like posts',
  manage_locations: 'Manage locations',
  register_paid_events: 'Register for paid events',
  access_calendar: 'Access calendar',
};

const isNavFlag = (f: LimitedUserFlag) => f.startsWith('see_') && f.endsWith('_nav');
export const NAVIGATION_FLAGS = LIMITED_USER_FLAGS.filter(isNavFlag);
export const FEATURE_FLAGS = LIMITED_USER_FLAGS.filter((f) => !isNavFlag(f));

/** The settings this form edits as text (the favicon is uploaded; fallback favicon and email logo are not edited here). */
export const EDITABLE_SETTING_KEYS = [
  'app_name',
  'app_description',
  'verification_badge_url',
  'landing_cover_type',
  'landing_cover_url',
  'landing_video_url',
  'landing_use_fake_member_count',
  'landing_fake_member_count',
  'landing_use_fake_application_count',
  'landing_fake_application_count',
  'landing_use_hybrid_application_count',
  'landing_base_application_count',
  ...LIMITED_USER_FLAGS.map(flagSettingKey),
  'payments_fee_percent',
  'payments_fee_fixed',
  'legal_contact_email',
] as const satisfies readonly SettingKey[];

export type EditableSettingKey = (typeof EDITABLE_SETTING_KEYS)[number];
export type SettingsFormValues = Record<EditableSettingKey, string>;

/** The shared per-key schemas, so the form says exactly what the server would. */
export const settingsFormSchema = z.object(
  Object.fromEntries(EDITABLE_SETTING_KEYS.map((k) => [k, settingValueSchemas[k]])) as Record<
    EditableSettingKey,
    z.ZodType<string, string>
  >,
);

export function toFormValues(settings: AllSettings): SettingsFormValues {
  return Object.fromEntries(
    EDITABLE_SETTING_KEYS.map((k) => [k, settings[k] ?? SETTING_DEFAULTS[k] ?? '']),
  ) as SettingsFormValues;
}

/** Only what changed goes to the server (all values are strings, as stored). */
export function changedValues(
  values: SettingsFormValues,
  dirty: Partial<Record<EditableSettingKey, boolean | undefined>>,
): Partial<SettingsFormValues> {
  return Object.fromEntries(EDITABLE_SETTING_KEYS.filter((k) => dirty[k]).map((k) => [k, values[k]]));
}
