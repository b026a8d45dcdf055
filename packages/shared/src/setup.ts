import { z } from 'zod';
import { emailSchema, nameSchema, requiredString, usernameSchema } from './profile.js';
import { passwordSchema } from './auth.js';

/** First-run admin creation through the one-time setup link. */
export const setupAdminSchema = z.object({
  token: z.string().min(1, { error: 'The setup link is missing its token' }).max(200),
  name: nameSchema,
  email: emailSchema,
  username: requiredString('Username').trim().toLowerCase().pipe(usernameSchema),
  password: passwordSchema,
});
export type SetupAdminInput = z.input<typeof setupAdminSchema>;

export const pwaAnalyticsSchema = z.object({
  eventType: z.string().trim().min(1).max(64),
  eventData: z.record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).optional(),
  platform: z.string().max(64).optional(),
  isPwaMode: z.boolean().optional().default(false),
});
export type PwaAnalyticsInput = z.input<typeof pwaAnalyticsSchema>;
