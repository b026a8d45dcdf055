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

/** The 22 limited-user flags' labels (catalogue ids), in the two groups the settings form shows. */
export const FLAG_LABELS: Record<LimitedUserFlag, string> = {
  see_feed_nav: 'admin.settings.flag.seeFeedNav',
  see_connections_nav: 'admin.settings.flag.seeConnectionsNav',
  see_communities_nav: 'admin.settings.flag.seeCommunitiesNav',
  see_events_nav: 'admin.settings.flag.seeEventsNav',
  see_locations_nav: 'admin.settings.flag.seeLocationsNav',
  see_profile_nav: 'admin.settings.flag.seeProfileNav',
  view_locations: 'admin.settings.flag.viewLocations',
  checkin_locations: 'admin.settings.flag.checkinLocations',
  message: 'admin.settings.flag.message',
  upload_images: 'admin.settings.flag.uploadImages',
  create_events: 'admin.settings.flag.createEvents',
  create_communities: 'admin.settings.flag.createCommunities',
  generate_qr_codes: 'admin.settings.flag.generateQrCodes',
  scan_qr_codes: 'admin.settings.flag.scanQrCodes',
  edit_profile: 'admin.settings.flag.editProfile',
  add_social_links: 'admin.settings.flag.addSocialLinks',
  share_content: 'admin.settings.flag.shareContent',
  comment_posts: 'admin.settings.flag.commentPosts',
  like_posts: 'admin.settings.flag.likePosts',
  manage_locations: 'admin.settings.flag.manageLocations',
  register_paid_events: 'admin.settings.flag.registerPaidEvents',
  access_calendar: 'admin.settings.flag.accessCalendar',
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
