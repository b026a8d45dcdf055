import { z } from 'zod';
import { LIMITS } from './limits.js';
import { CITIES, GENDERS, RELATIONSHIP_STATUSES, ALL_INTERESTS, type AccountType, type ApplicationStatus, type UserRole } from './enums.js';
import { isReservedSlug } from './reserved-slugs.js';
import { LOCALES, type Locale } from './i18n.js';

export const USERNAME_MESSAGES = {
  required: 'Username is required',
  tooShort: 'Username must be at least 3 characters',
  tooLong: 'Username must be no more than 30 characters',
  charset: 'Username can only contain lowercase letters, numbers, underscores, and hyphens',
  badStart: 'Username cannot start with underscore or hyphen',
  badEnd: 'Username cannot end with underscore or hyphen',
  taken: 'Username is already taken',
  reserved: 'This username is reserved',
  available: 'Username is available!',
  checkFailed: 'Error checking availability',
} as const;

/** The texts of a required string field, written out whole so each has its translation (decision 038). */
const REQUIRED_FIELD_MESSAGES = {
  Username: { required: 'Username is required', notText: 'Username must be text' },
  Name: { required: 'Name is required', notText: 'Name must be text' },
  Email: { required: 'Email is required', notText: 'Email must be text' },
} as const;

/** A string field whose absence reads "{label} is required" instead of a type error. */
export const requiredString = (label: keyof typeof REQUIRED_FIELD_MESSAGES) => {
  const messages = REQUIRED_FIELD_MESSAGES[label];
  return z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? messages.required : messages.notText) });
};

/**
 * Spec section 5 username rules, checked in the order the messages are listed (an empty name is only
 * "required"). The form alone: a name already held keeps passing it even if it is reserved since.
 */
export const usernameFormatSchema = requiredString('Username')
  .trim()
  .min(1, { error: USERNAME_MESSAGES.required, abort: true })
  .min(LIMITS.usernameMin, { error: USERNAME_MESSAGES.tooShort })
  .max(LIMITS.usernameMax, { error: USERNAME_MESSAGES.tooLong })
  .regex(/^[a-z0-9_-]+$/, { error: USERNAME_MESSAGES.charset })
  .refine((v) => !/^[_-]/.test(v), { error: USERNAME_MESSAGES.badStart })
  .refine((v) => !/[_-]$/.test(v), { error: USERNAME_MESSAGES.badEnd });

/**
 * A new username (Apply, the first admin, the availability check, a changed name in Settings): the format
 * rules, and not a reserved name (RESERVED_SLUGS: `/{username}` must not be a page of the app).
 */
export const usernameSchema = usernameFormatSchema.refine((v) => !isReservedSlug(v), { error: USERNAME_MESSAGES.reserved });

/**
 * Settings saves every field at once, the unchanged username too: a reserved name is refused only when it is
 * a change, so members who hold one from before keep saving. Returns the message, or null when allowed.
 */
export function usernameChangeError(current: string | null, next: string | null): string | null {
  if (!next || next.toLowerCase() === current?.toLowerCase()) return null;
  const result = usernameSchema.safeParse(next);
  return result.success ? null : (result.error.issues[0]?.message ?? USERNAME_MESSAGES.charset);
}

export const nameSchema = requiredString('Name')
  .trim()
  .min(1, { error: 'Name is required' })
  .max(LIMITS.nameMax, { error: `Name must be at most ${LIMITS.nameMax} characters` });

export const emailSchema = requiredString('Email')
  .trim()
  .toLowerCase()
  // An empty field says it is required, not that the address is invalid (the pipe below stops here).
  .min(1, { error: 'Email is required' })
  .max(LIMITS.emailMax, { error: 'Email is too long' })
  .pipe(z.email({ error: 'Please enter a valid email address' }));

export const BIO_MESSAGES = { tooLong: 'Bio is too long' } as const;
export const bioSchema = z.string().max(LIMITS.bioMax, { error: BIO_MESSAGES.tooLong });

/** Leading @ is ignored and never stored. */
const stripAt = (v: string) => v.trim().replace(/^@/, '');

/** Spec section 5: each message names the character set and the length. */
export const SOCIAL_MESSAGES = {
  instagram: 'Instagram username can only contain letters, numbers, periods and underscores (1-30 characters)',
  tiktok: 'TikTok username can only contain letters, numbers, periods and underscores (2-24 characters)',
  linkedin: 'LinkedIn username can only contain letters, numbers and hyphens (3-100 characters), or paste your linkedin.com/in/ profile URL',
  youtube: 'YouTube username can only contain letters, numbers, periods, underscores and hyphens (1-30 characters)',
} as const;

export const instagramUsernameSchema = z
  .string()
  .transform(stripAt)
  .pipe(z.string().regex(/^[A-Za-z0-9._]{1,30}$/, { error: SOCIAL_MESSAGES.instagram }));

export const tiktokUsernameSchema = z
  .string()
  .transform(stripAt)
  .pipe(z.string().regex(/^[A-Za-z0-9._]{2,24}$/, { error: SOCIAL_MESSAGES.tiktok }));

export const youtubeUsernameSchema = z
  .string()
  .transform(stripAt)
  .pipe(z.string().regex(/^[A-Za-z0-9._-]{1,30}$/, { error: SOCIAL_MESSAGES.youtube }));

const LINKEDIN_URL = /^(?:https?:\/\/)?(?:[a-z0-9-]+\.)*linkedin\.com\/in\/([^/?#\s]+)\/?(?:[?#].*)?$/i;

/** A linkedin.com/in/{name} URL is reduced to {name}; anything else is taken as the name itself. */
export function reduceLinkedin(value: string): string {
  const v = stripAt(value);
  const m = LINKEDIN_URL.exec(v);
  if (!m) return v;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return m[1]!;
  }
}

export const linkedinUsernameSchema = z
  .string()
  .transform(reduceLinkedin)
  .pipe(z.string().regex(/^[A-Za-z0-9-]{3,100}$/, { error: SOCIAL_MESSAGES.linkedin }));

export type SocialNetwork = 'instagram' | 'tiktok' | 'linkedin' | 'youtube';

/**
 * The address a social icon opens. LinkedIn (spec section 5): a value containing the network's domain
 * opens as is (only when it really is an https linkedin.com address), otherwise it is a profile name.
 */
export function socialProfileUrl(network: SocialNetwork, value: string): string {
  const name = encodeURIComponent(stripAt(value));
  switch (network) {
    case 'instagram':
      return `https://www.instagram.com/${name}/`;
    case 'tiktok':
      return `https://www.tiktok.com/@${name}`;
    case 'youtube':
      return `https://www.youtube.com/@${name}`;
    case 'linkedin': {
      if (value.toLowerCase().includes('linkedin.com')) {
        try {
          const url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
          if (url.protocol === 'https:' && (url.hostname === 'linkedin.com' || url.hostname.endsWith('.linkedin.com'))) return url.href;
        } catch {
          // not a URL after all: treated as a name below
        }
        return `https://www.linkedin.com/in/${encodeURIComponent(reduceLinkedin(value))}`;
      }
      return `https://www.linkedin.com/in/${name}`;
    }
  }
}

export const ageSchema = z
  .number({ error: (iss) => (iss.input === undefined || iss.input === null ? 'Age is required' : 'Age must be a number') })
  .int({ error: 'Age must be a whole number' })
  .min(LIMITS.ageMin, { error: `Age must be between ${LIMITS.ageMin} and ${LIMITS.ageMax}` })
  .max(LIMITS.ageMax, { error: `Age must be between ${LIMITS.ageMin} and ${LIMITS.ageMax}` });

export const INTEREST_MESSAGES = { max: 'Maximum of 15 interests reached.' } as const;
export const interestsSchema = z
  .array(z.string().refine((v) => ALL_INTERESTS.includes(v), { error: 'Unknown interest' }))
  .max(LIMITS.interestsMax, { error: INTEREST_MESSAGES.max })
  .refine((a) => new Set(a).size === a.length, { error: 'Each interest can be chosen once' });

export const citySchema = z.enum(CITIES, { error: 'Please choose a city' });
export const genderSchema = z.enum(GENDERS, { error: 'Please choose a gender' });
export const relationshipStatusSchema = z.enum(RELATIONSHIP_STATUSES, { error: 'Please choose a relationship status' });

export const uuidSchema = z.uuid({ error: 'Must be a valid id' });

/** Spec: a profile id must be a version 1 to 5 UUID; anything else shows 'No user profile available'. */
const PROFILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const isProfileId = (value: string) => PROFILE_ID.test(value);

export const PROFILE_VIEW_MESSAGES = {
  noProfile: 'No user profile available',
  ownProfile: 'This is your own profile',
  verified: 'Verified account',
  deactivatedTitle: 'Your account is currently deactivated',
  deactivatedText: 'Your profile is hidden from other members. You can reactivate it here or in Settings > Security.',
} as const;

/** An optional text field: empty or missing means "not set" (null). */
const optionalText = <T extends z.ZodType<string, string>>(schema: T) =>
  z
    .union([z.literal(''), z.null(), schema])
    .optional()
    .transform((v) => (v ? (v as string) : null));

/**
 * PUT /api/me/profile: the Settings modal saves every profile field at once.
 * account_type, is_verified, application_status, is_deactivated, email and the picture URL are not part of it:
 * unknown keys are dropped, so they can never be set through this route. The username is checked for its form
 * here; a reserved name only when it changes (usernameChangeError, which the server applies and the form's
 * availability check shows).
 */
export const profileUpdateSchema = z.object({
  fullName: nameSchema,
  username: z
    .union([z.literal(''), z.null(), z.string().trim().toLowerCase().pipe(usernameFormatSchema)])
    .optional()
    .transform((v) => (v ? v : null)),
  bio: z
    .union([z.null(), z.string().trim().pipe(bioSchema)])
    .optional()
    .transform((v) => (v ? v : null)),
  instagramUsername: optionalText(instagramUsernameSchema),
  tiktokUsername: optionalText(tiktokUsernameSchema),
  linkedinUsername: optionalText(linkedinUsernameSchema),
  youtubeUsername: optionalText(youtubeUsernameSchema),
  interests: interestsSchema.optional().default([]),
  gender: genderSchema.nullable().optional().transform((v) => v ?? null),
  relationshipStatus: relationshipStatusSchema.nullable().optional().transform((v) => v ?? null),
  age: ageSchema.nullable().optional().transform((v) => v ?? null),
  city: citySchema.nullable().optional().transform((v) => v ?? null),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** What members may see of each other's profiles: no email, no account internals. */
export const PUBLIC_PROFILE_FIELDS = [
  'id',
  'username',
  'fullName',
  'profilePictureUrl',
  'bio',
  'relationshipStatus',
  'age',
  'city',
  'gender',
  'instagramUsername',
  'tiktokUsername',
  'linkedinUsername',
  'youtubeUsername',
  'instagramVerified',
  'interests',
  'isVerified',
] as const satisfies ReadonlyArray<keyof OwnProfileView>;

/** Another member's profile as members see it. */
export type PublicProfileView = Pick<OwnProfileView, (typeof PUBLIC_PROFILE_FIELDS)[number]> & {
  /** True when the viewer is looking at themselves. */
  isOwn: boolean;
};

// Anything that is not a profile id is answered 404 by the route, not 400 (the spec's 'No user profile available').
export const profileIdParamsSchema = z.object({ id: z.string().max(200) });

/** The member's own profile as the server presents it. */
export interface OwnProfileView {
  id: string;
  accountType: AccountType;
  applicationStatus: ApplicationStatus | null;
  username: string | null;
  fullName: string | null;
  email: string | null;
  profilePictureUrl: string | null;
  bio: string | null;
  relationshipStatus: string | null;
  age: number | null;
  city: string | null;
  gender: string | null;
  instagramUsername: string | null;
  tiktokUsername: string | null;
  linkedinUsername: string | null;
  youtubeUsername: string | null;
  /** The Instagram handle was linked through Instagram's OAuth (decision 033), not only typed. */
  instagramVerified: boolean;
  interests: string[];
  isVerified: boolean;
  isDeactivated: boolean;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/me: who is signed in, with what profile, roles and access. */
export interface MeView {
  user: { id: string; email: string };
  profile: OwnProfileView | null;
  roles: UserRole[];
  isAdmin: boolean;
  hasCrmAccess: boolean;
  /** True when the profile is missing but a pending application exists (recoverable). */
  recoverable: boolean;
  /** The language the member chose to read the club in (Settings), or null: the device's or browser's then. */
  language: Locale | null;
}

/** PUT /api/me/language: the member's language (issue 26). */
export const languageUpdateSchema = z.object({
  language: z.enum(LOCALES, { error: 'Choose English or Español' }),
});
export type LanguageUpdateInput = z.infer<typeof languageUpdateSchema>;

export const usernameAvailabilityQuerySchema = z.object({ username: z.string().max(100) });
export interface UsernameAvailability {
  username: string;
  available: boolean;
  /** Set when the candidate breaks a format rule; available is then false. */
  error?: string;
}
