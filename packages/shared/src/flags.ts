/** The 22 limited-user permission flags (spec sections 3 and 6). */
export const LIMITED_USER_FLAGS = [
  'view_locations',
  'checkin_locations',
  'message',
  'upload_images',
  'create_events',
  'create_communities',
  'generate_qr_codes',
  'scan_qr_codes',
  'edit_profile',
  'add_social_links',
  'share_content',
  'comment_posts',
  'like_posts',
  'manage_locations',
  'register_paid_events',
  'access_calendar',
  'see_feed_nav',
  'see_connections_nav',
  'see_communities_nav',
  'see_events_nav',
  'see_locations_nav',
  'see_profile_nav',
] as const;
export type LimitedUserFlag = (typeof LIMITED_USER_FLAGS)[number];
export type LimitedUserFlags = Record<LimitedUserFlag, boolean>;

export const flagSettingKey = (flag: LimitedUserFlag) => `limited_users_can_${flag}` as const;

const DEFAULT_TRUE: ReadonlySet<LimitedUserFlag> = new Set([
  'see_communities_nav',
  'see_events_nav',
  'see_locations_nav',
  'see_profile_nav',
]);

/** Spec section 6: all false except the four navigation flags that default to true. */
export const DEFAULT_LIMITED_USER_FLAGS: LimitedUserFlags = Object.fromEntries(
  LIMITED_USER_FLAGS.map((f) => [f, DEFAULT_TRUE.has(f)]),
) as LimitedUserFlags;
