import { z } from 'zod';
import { LIMITS } from './limits.js';
import { CITIES, GENDERS, RELATIONSHIP_STATUSES, ALL_INTERESTS, type AccountType, type ApplicationStatus, type UserRole } from './enums.js';

export const USERNAME_MESSAGES = {
  tooShort: 'Username must be at least 3 characters',
  tooLong: 'Username must be no more than 30 characters',
  charset: 'Username can only contain lowercase letters, numbers, underscores, and hyphens',
  badStart: 'Username cannot start with underscore or hyphen',
  badEnd: 'Username cannot end with underscore or hyphen',
  taken: 'Username is already taken',
  available: 'Username is available!',
  checkFailed: 'Error checking availability',
} as const;

/** A string field whose absence reads "{label} is required" instead of a type error. */
export const requiredString = (label: string) =>
  z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? `${label} is required` : `${label} must be text`) });

/** Spec section 5 username rules, checked in the order the messages are listed. */
export const usernameSchema = requiredString('Username')
  .trim()
  .min(LIMITS.usernameMin, { error: USERNAME_MESSAGES.tooShort })
  .max(LIMITS.usernameMax, { error: USERNAME_MESSAGES.tooLong })
  .regex(/^[a-z0-9_-]+$/, { error: USERNAME_MESSAGES.charset })
  .refine((v) => !/^[_-]/.test(v), { error: USERNAME_MESSAGES.badStart })
  .refine((v) => !/[_-]$/.test(v), { error: USERNAME_MESSAGES.badEnd });

export const nameSchema = requiredString('Name')
  .trim()
  .min(1, { error: 'Name is required' })
  .max(LIMITS.nameMax, { error: `Name must be at most ${LIMITS.nameMax} characters` });

export const emailSchema = requiredString('Email')
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax, { error: 'Email is too long' })
  .pipe(z.email({ error: 'Please enter a valid email address' }));

export const BIO_MESSAGES = { tooLong: 'Bio is too long' } as const;
export const bioSchema = z.string().max(LIMITS.bioMax, { error: BIO_MESSAGES.tooLong });

/** Leading @ is ignored and never stored. */
const stripAt = (v: string) => v.trim().replace(/^@/, '');

export const instagramUsernameSchema = z
  .string()
  .transform(stripAt)
  .pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._]{1,30}$/, {
        error: 'Instagram username can only contain letters, numbers, periods and underscores (1-30 characters)',
      }),
  );

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
}

export const usernameAvailabilityQuerySchema = z.object({ username: z.string().max(100) });
export interface UsernameAvailability {
  username: string;
  available: boolean;
  /** Set when the candidate breaks a format rule; available is then false. */
  error?: string;
}
