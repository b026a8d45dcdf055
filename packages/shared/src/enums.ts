/** Enumerations from spec section 3, with their display labels. */

export const ACCOUNT_TYPES = ['community_only', 'full_platform'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const USER_ROLES = ['admin', 'moderator', 'crm_admin', 'crm_user'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const COMMUNITY_MEMBER_ROLES = ['creator', 'moderator', 'member'] as const;
export type CommunityMemberRole = (typeof COMMUNITY_MEMBER_ROLES)[number];

export const GENDERS = ['Male', 'Female'] as const;
export type Gender = (typeof GENDERS)[number];

export const RELATIONSHIP_STATUSES = [
  'single',
  'in_relationship',
  'married',
  'engaged',
  'divorced',
  'widowed',
  'not_specified',
] as const;
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];

/** not_specified is shown as nothing, so it has no label. */
export const RELATIONSHIP_STATUS_LABELS: Record<RelationshipStatus, string> = {
  single: 'Single',
  in_relationship: 'In Relationship',
  married: 'Married',
  engaged: 'Engaged',
  divorced: 'Divorced',
  widowed: 'Widowed',
  not_specified: '',
};

export const CITIES = ['tampa', 'st_pete', 'clearwater', 'brandon', 'lakeland', 'sarasota'] as const;
export type City = (typeof CITIES)[number];
export const CITY_LABELS: Record<City, string> = {
  tampa: 'Tampa',
  st_pete: 'St Pete',
  clearwater: 'Clearwater',
  brandon: 'Brandon',
  lakeland: 'Lakeland',
  sarasota: 'Sarasota',
};

export const NOTIFICATION_TYPES = ['message', 'like', 'comment', 'group_join', 'event', 'other'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const INTEREST_CATEGORIES: ReadonlyArray<{ name: string; options: readonly string[] }> = [
  {
    name: 'Lifestyle & Wellness',
    options: ['Fitness', 'Yoga', 'Cooking', 'Coffee', 'Hiking', 'Running', 'Swimming', 'Cycling', 'Meditation', 'Mindfulness', 'Personal Development', 'Health & Nutrition'],
  },
  {
    name: 'Entertainment & Media',
    options: ['Movies', 'Music', 'TV Shows', 'Gaming', 'Reading', 'Concerts', 'Theater', 'Podcasts', 'Stand-up Comedy', 'Live Music', 'Festivals', 'Karaoke'],
  },
  {
    name: 'Creative & Arts',
    options: ['Art', 'Photography', 'Writing', 'Dancing', 'Painting', 'Drawing', 'Crafting', 'Poetry', 'Digital Art', 'Fashion', 'Interior Design', 'Graphic Design'],
  },
  {
    name: 'Social & Outdoor',
    options: ['Travel', 'Beach', 'Nature', 'Sports', 'Friends', 'Adventure Sports', 'Camping', 'Road Trips', 'Local Events', 'Social Clubs', 'Meetups', 'Volunteering'],
  },
  {
    name: 'Food & Dining',
    options: ['Food', 'Baking', 'Wine Tasting', 'Craft Beer', 'Fine Dining', 'BBQ', 'International Cuisine', 'Food Trucks', 'Cocktails', 'Vegetarian/Vegan'],
  },
  {
    name: 'Learning & Growth',
    options: ['Technology', 'Learning', 'Languages', 'Career Development', 'Skill Building', 'History', 'Science', 'Philosophy', 'Leadership', 'Networking'],
  },
];
export const ALL_INTERESTS: readonly string[] = INTEREST_CATEGORIES.flatMap((c) => c.options);

export const AGE_OPTIONS: readonly number[] = Array.from({ length: 88 }, (_, i) => i + 13);
