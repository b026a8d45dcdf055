import { z } from 'zod';
import { LIMITS } from './limits.js';
import { ACCOUNT_TYPES, type AccountType, type ApplicationStatus } from './enums.js';
import {
  ageSchema,
  bioSchema,
  citySchema,
  emailSchema,
  genderSchema,
  instagramUsernameSchema,
  interestsSchema,
  nameSchema,
  relationshipStatusSchema,
  usernameSchema,
  requiredString,
} from './profile.js';
import { passwordSchema } from './auth.js';

/**
 * Membership application (the Apply form on /). Username, city and age are required here:
 * an application must say who the applicant is and where; the rest may be left empty.
 */
export const applySchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  username: requiredString('Username').trim().toLowerCase().pipe(usernameSchema),
  instagramUsername: z
    .union([z.literal(''), instagramUsernameSchema])
    .optional()
    .transform((v) => (v ? v : null)),
  bio: bioSchema.optional().transform((v) => (v?.trim() ? v.trim() : null)),
  age: ageSchema,
  gender: genderSchema.nullable().optional().transform((v) => v ?? null),
  relationshipStatus: relationshipStatusSchema.optional().default('not_specified'),
  city: citySchema,
  interests: interestsSchema.optional().default([]),
  /**
   * The community the applicant applied through (/{slug}/register): approval joins them to it. An address that
   * names no community (deleted meanwhile) is ignored: the application itself still counts.
   */
  communitySlug: z
    .string({ error: 'Must be a community address' })
    .trim()
    .toLowerCase()
    .max(200, { error: 'Must be a community address' })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ApplyInput = z.input<typeof applySchema>;
export type ApplyData = z.output<typeof applySchema>;

export const rejectApplicationSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(LIMITS.rejectReasonMax, { error: `Reason must be at most ${LIMITS.rejectReasonMax} characters` })
    .optional()
    .transform((v) => (v ? v : null)),
});
export type RejectApplicationInput = z.input<typeof rejectApplicationSchema>;

/**
 * Approve: the account type the member gets (decision 009). full_platform by default; community_only makes an
 * approved community member, limited by the flags. An empty body (or none) is a full_platform approval.
 */
export const approveApplicationSchema = z
  .object({
    accountType: z
      .enum(ACCOUNT_TYPES, { error: 'Account type must be full_platform or community_only' })
      .optional()
      .default('full_platform'),
  })
  // A POST without a body reaches the route as null.
  .nullish()
  .transform((v) => v ?? { accountType: 'full_platform' as const });
export type ApproveApplicationInput = z.input<typeof approveApplicationSchema>;

export const applicationIdParamsSchema = z.object({ id: z.uuid({ error: 'Must be a valid id' }) });

export const listApplicationsQuerySchema = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'all']).optional().default('all'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).optional().default(LIMITS.pageSizeDefault),
});

export interface ApplicationView {
  id: string;
  name: string;
  email: string;
  username: string | null;
  instagramUsername: string | null;
  bio: string | null;
  age: number | null;
  gender: string | null;
  relationshipStatus: string | null;
  city: string | null;
  interests: string[];
  profilePictureUrl: string | null;
  status: ApplicationStatus;
  /** The account type of the member the application created (what an approval made them); null without one. */
  accountType: AccountType | null;
  createdUserId: string | null;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: { id: string; name: string | null } | null;
  rejectionReason: string | null;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
