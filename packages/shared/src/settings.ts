import { z } from 'zod';
import { LIMITED_USER_FLAGS, flagSettingKey, DEFAULT_LIMITED_USER_FLAGS, type LimitedUserFlags } from './flags.js';
import { LIMITS } from './limits.js';
import { DEFAULT_APP_DESCRIPTION, DEFAULT_APP_NAME } from './app-defaults.js';

/** Keys readable by anyone, signed in or not: branding and landing cover. */
export const PUBLIC_SETTING_KEYS = [
  'app_name',
  'app_description',
  'favicon_url',
  'fallback_favicon_url',
  'email_logo_url',
  'landing_cover_url',
  'landing_video_url',
  'landing_cover_type',
  'verification_badge_url',
] as const;

/** Landing counter configuration: admin-only, the public sees only the resulting numbers. */
export const LANDING_COUNTER_KEYS = [
  'landing_use_fake_member_count',
  'landing_fake_member_count',
  'landing_use_fake_application_count',
  'landing_fake_application_count',
  'landing_use_hybrid_application_count',
  'landing_base_application_count',
] as const;

export const FLAG_SETTING_KEYS = LIMITED_USER_FLAGS.map(flagSettingKey);

/** Issue 22: the club's fee on paid seats (Stripe's application fee): a percent plus a fixed amount per payment. */
export const PAYMENT_FEE_KEYS = ['payments_fee_percent', 'payments_fee_fixed'] as const;

/** Issue 24: the address the legal pages give for questions and requests (their {{contact_email}}); admin-only. */
export const LEGAL_CONTACT_KEYS = ['legal_contact_email'] as const;

export const SETTING_KEYS = [
  ...PUBLIC_SETTING_KEYS,
  ...LANDING_COUNTER_KEYS,
  ...FLAG_SETTING_KEYS,
  ...PAYMENT_FEE_KEYS,
  ...LEGAL_CONTACT_KEYS,
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
export type PublicSettingKey = (typeof PUBLIC_SETTING_KEYS)[number];

export { DEFAULT_APP_DESCRIPTION, DEFAULT_APP_NAME } from './app-defaults.js';

/** Built-in defaults; a key without a row and without a default reads as absent. */
export const SETTING_DEFAULTS: Partial<Record<SettingKey, string>> = {
  app_name: DEFAULT_APP_NAME,
  app_description: DEFAULT_APP_DESCRIPTION,
  landing_cover_type: 'image',
  landing_use_fake_member_count: 'false',
  landing_fake_member_count: '0',
  landing_use_fake_application_count: 'false',
  landing_fake_application_count: '0',
  landing_use_hybrid_application_count: 'false',
  landing_base_application_count: '0',
  payments_fee_percent: '0',
  payments_fee_fixed: '0',
  ...Object.fromEntries(
    LIMITED_USER_FLAGS.map((f) => [flagSettingKey(f), String(DEFAULT_LIMITED_USER_FLAGS[f])]),
  ),
};

const booleanString = z.enum(['true', 'false'], { error: 'Must be true or false' });
const countString = z
  .string()
  .regex(/^\d{1,9}$/, { error: 'Must be a whole number from 0 to 999999999' });
const urlString = z
  .string()
  .max(LIMITS.settingValueMax)
  .refine((v) => v === '' || v.startsWith('/') || /^https?:\/\//.test(v), {
    error: 'Must be an http(s) URL or a path starting with /',
  });

/** Per-key validation of setting values (all values are strings, as stored). */
export const settingValueSchemas: Record<SettingKey, z.ZodType<string>> = {
  app_name: z.string().trim().min(1, { error: 'App name is required' }).max(60, { error: 'App name must be at most 60 characters' }),
  app_description: z.string().trim().max(300, { error: 'Description must be at most 300 characters' }),
  favicon_url: urlString,
  fallback_favicon_url: urlString,
  email_logo_url: urlString,
  landing_cover_url: urlString,
  landing_video_url: urlString,
  landing_cover_type: z.enum(['image', 'video'], { error: 'Cover type must be image or video' }),
  verification_badge_url: urlString,
  landing_use_fake_member_count: booleanString,
  landing_fake_member_count: countString,
  landing_use_fake_application_count: booleanString,
  landing_fake_application_count: countString,
  landing_use_hybrid_application_count: booleanString,
  landing_base_application_count: countString,
  payments_fee_percent: z
    .string()
    .regex(/^(30(\.0{1,2})?|[12]?\d(\.\d{1,2})?)$/, { error: 'Must be a percent from 0 to 30, with at most 2 decimals' }),
  payments_fee_fixed: z
    .string()
    .regex(/^(10000|\d{1,4})$/, { error: 'Must be a whole number of cents from 0 to 10000' }),
  legal_contact_email: z
    .string()
    .trim()
    .max(254, { error: 'Enter a valid email address' })
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'Enter a valid email address' }),
  ...(Object.fromEntries(FLAG_SETTING_KEYS.map((k) => [k, booleanString])) as unknown as Record<
    (typeof FLAG_SETTING_KEYS)[number],
    z.ZodType<string>
  >),
};

/** Admin upsert body: any subset of known keys; unknown keys are refused. */
export const updateSettingsSchema = z.object({
  settings: z
    .strictObject(
      Object.fromEntries(SETTING_KEYS.map((k) => [k, settingValueSchemas[k].optional()])) as Record<
        SettingKey,
        z.ZodOptional<z.ZodType<string>>
      >,
    )
    .refine((s) => Object.keys(s).length > 0, { error: 'Nothing to update' }),
});
export type UpdateSettingsInput = z.infer<typeof updateSettingsSchema>;

export type PublicSettings = Record<PublicSettingKey, string | null>;
export type AllSettings = Record<SettingKey, string | null>;

export interface LandingStats {
  members: number;
  applications: number;
}

export interface PermissionsView {
  flags: LimitedUserFlags;
}

/** Parse the stored flag strings into booleans, falling back to the spec's defaults. */
export function parseFlags(values: Partial<Record<string, string | null>>): LimitedUserFlags {
  return Object.fromEntries(
    LIMITED_USER_FLAGS.map((f) => {
      const raw = values[flagSettingKey(f)];
      return [f, raw == null ? DEFAULT_LIMITED_USER_FLAGS[f] : raw === 'true'];
    }),
  ) as LimitedUserFlags;
}

/** The club's fee on a payment of `amount` minor units (never more than the amount itself). */
export function platformFee(amount: number, settings: Partial<Record<string, string | null>>): number {
  const percent = Number(settings.payments_fee_percent ?? 0) || 0;
  const fixed = Number(settings.payments_fee_fixed ?? 0) || 0;
  return Math.min(amount, Math.round((amount * percent) / 100) + fixed);
}
