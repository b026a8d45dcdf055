import { describe, expect, it } from 'vitest';
import {
  FLAG_SETTING_KEYS,
  PAYMENT_FEE_KEYS,
  platformFee,
  LANDING_COUNTER_KEYS,
  LEGAL_CONTACT_KEYS,
  PUBLIC_SETTING_KEYS,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  parseFlags,
  settingValueSchemas,
  updateSettingsSchema,
  type SettingKey,
} from './settings.js';
import { DEFAULT_LIMITED_USER_FLAGS, LIMITED_USER_FLAGS, flagSettingKey } from './flags.js';

const DEFAULT_TRUE = ['see_communities_nav', 'see_events_nav', 'see_locations_nav', 'see_profile_nav'];

const URL_KEYS = [
  'favicon_url',
  'fallback_favicon_url',
  'email_logo_url',
  'landing_cover_url',
  'landing_video_url',
  'verification_badge_url',
] as const;
const BOOL_KEYS = [
  'landing_use_fake_member_count',
  'landing_use_fake_application_count',
  'landing_use_hybrid_application_count',
  ...FLAG_SETTING_KEYS,
] as const;
const COUNT_KEYS = ['landing_fake_member_count', 'landing_fake_application_count', 'landing_base_application_count'] as const;

/** [valid values, [invalid value, message]] for every key. */
function casesFor(key: SettingKey): { good: string[]; bad: Array<[unknown, string]> } {
  if ((URL_KEYS as readonly string[]).includes(key)) {
    const m = 'Must be an http(s) URL or a path starting with /';
    return {
      good: ['', '/icon.png', 'https://cdn.example.com/a.png', 'http://x.test/y'],
      bad: [
        ['javascript:alert(1)', m],
        ['data:image/png;base64,AAAA', m],
        ['ftp://x.test/a', m],
        ['icon.png', m],
      ],
    };
  }
  if ((BOOL_KEYS as readonly string[]).includes(key)) {
    const m = 'Must be true or false';
    return { good: ['true', 'false'], bad: [['yes', m], ['TRUE', m], ['1', m], ['', m]] };
  }
  if ((COUNT_KEYS as readonly string[]).includes(key)) {
    const m = 'Must be a whole number from 0 to 999999999';
    return { good: ['0', '42', '999999999'], bad: [['-1', m], ['1.5', m], ['1000000000', m], ['abc', m], ['', m]] };
  }
  switch (key) {
    case 'app_name':
      return {
        good: ['Bay Club', 'x'.repeat(60)],
        bad: [
          ['', 'App name is required'],
          ['   ', 'App name is required'],
          ['x'.repeat(61), 'App name must be at most 60 characters'],
        ],
      };
    case 'app_description':
      return { good: ['', 'A club'], bad: [['x'.repeat(301), 'Description must be at most 300 characters']] };
    case 'landing_cover_type':
      return { good: ['image', 'video'], bad: [['gif', 'Cover type must be image or video']] };
    case 'payments_fee_percent': {
      const m = 'Must be a percent from 0 to 30, with at most 2 decimals';
      return { good: ['0', '2.5', '12.75', '30', '30.00'], bad: [['30.01', m], ['31', m], ['-1', m], ['1.234', m], ['', m], ['abc', m]] };
    }
    case 'payments_fee_fixed': {
      const m = 'Must be a whole number of cents from 0 to 10000';
      return { good: ['0', '30', '10000'], bad: [['10001', m], ['-5', m], ['1.5', m], ['', m]] };
    }
    case 'legal_contact_email': {
      const m = 'Enter a valid email address';
      return { good: ['', 'privacy@bayclub.example'], bad: [['not-an-email', m], ['a@', m], [`${'x'.repeat(250)}@b.co`, m]] };
    }
    default:
      throw new Error(`no test cases for setting ${key}`);
  }
}

describe('setting keys', () => {
  it('are the public, counter, 22 flag, 2 payment fee and the legal contact keys, without duplicates', () => {
    expect(FLAG_SETTING_KEYS).toHaveLength(22);
    expect(SETTING_KEYS).toHaveLength(
      PUBLIC_SETTING_KEYS.length + LANDING_COUNTER_KEYS.length + 22 + PAYMENT_FEE_KEYS.length + LEGAL_CONTACT_KEYS.length,
    );
    expect(new Set(SETTING_KEYS).size).toBe(SETTING_KEYS.length);
    for (const f of LIMITED_USER_FLAGS) expect(SETTING_KEYS).toContain(`limited_users_can_${f}`);
  });
  it('counter configuration is not public', () => {
    for (const k of LANDING_COUNTER_KEYS) expect(PUBLIC_SETTING_KEYS as readonly string[]).not.toContain(k);
  });
  it('every default is itself a valid value', () => {
    for (const [k, v] of Object.entries(SETTING_DEFAULTS)) {
      expect(settingValueSchemas[k as SettingKey].safeParse(v).success, k).toBe(true);
    }
    expect(SETTING_DEFAULTS.app_name).toBe('Bay Club');
  });
});

describe('updateSettingsSchema, per key', () => {
  for (const key of SETTING_KEYS) {
    it(`${key}: accepts valid values, refuses invalid ones with its message`, () => {
      const { good, bad } = casesFor(key);
      for (const v of good) {
        const r = updateSettingsSchema.safeParse({ settings: { [key]: v } });
        expect(r.success, `${key}=${JSON.stringify(v)}`).toBe(true);
      }
      for (const [v, message] of bad) {
        const r = updateSettingsSchema.safeParse({ settings: { [key]: v } });
        expect(r.success, `${key}=${JSON.stringify(v)}`).toBe(false);
        expect(r.error!.issues[0]).toMatchObject({ path: ['settings', key], message });
      }
      // Values are strings as stored: other JSON types are refused.
      for (const v of [true, 1, null, ['x'], { a: 1 }]) {
        expect(updateSettingsSchema.safeParse({ settings: { [key]: v } }).success, `${key}=${JSON.stringify(v)}`).toBe(false);
      }
    });
  }

  it('URLs are capped at 2000 characters', () => {
    expect(updateSettingsSchema.safeParse({ settings: { favicon_url: `/${'a'.repeat(1999)}` } }).success).toBe(true);
    expect(updateSettingsSchema.safeParse({ settings: { favicon_url: `/${'a'.repeat(2000)}` } }).success).toBe(false);
  });

  it('trims the app name', () => {
    expect(updateSettingsSchema.parse({ settings: { app_name: '  Club  ' } }).settings.app_name).toBe('Club');
  });

  it('accepts several keys at once', () => {
    const r = updateSettingsSchema.parse({
      settings: { app_name: 'X', limited_users_can_message: 'true', landing_fake_member_count: '12' },
    });
    expect(r.settings).toEqual({ app_name: 'X', limited_users_can_message: 'true', landing_fake_member_count: '12' });
  });

  it('refuses unknown keys', () => {
    for (const key of ['foo', 'limited_users_can_fly', '__proto__', 'constructor', 'APP_NAME']) {
      const r = updateSettingsSchema.safeParse(JSON.parse(`{"settings":{"app_name":"X",${JSON.stringify(key)}:"true"}}`));
      expect(r.success, key).toBe(false);
      expect(r.error!.issues[0]!.code).toBe('unrecognized_keys');
    }
  });

  it('refuses an empty update and a missing or wrong settings object', () => {
    expect(updateSettingsSchema.safeParse({ settings: {} }).error!.issues[0]!.message).toBe('Nothing to update');
    expect(updateSettingsSchema.safeParse({}).success).toBe(false);
    expect(updateSettingsSchema.safeParse({ settings: [] }).success).toBe(false);
    expect(updateSettingsSchema.safeParse({ settings: 'app_name' }).success).toBe(false);
  });
});

describe('parseFlags', () => {
  it('defaults: all false except the four navigation flags', () => {
    const flags = parseFlags({});
    expect(Object.keys(flags).sort()).toEqual([...LIMITED_USER_FLAGS].sort());
    for (const f of LIMITED_USER_FLAGS) expect(flags[f], f).toBe(DEFAULT_TRUE.includes(f));
    expect(flags).toEqual(DEFAULT_LIMITED_USER_FLAGS);
  });

  it('null values fall back to the defaults', () => {
    const values = Object.fromEntries(LIMITED_USER_FLAGS.map((f) => [flagSettingKey(f), null]));
    expect(parseFlags(values)).toEqual(DEFAULT_LIMITED_USER_FLAGS);
  });

  for (const f of LIMITED_USER_FLAGS) {
    it(`${f}: 'true' turns it on, 'false' off, leaving the others at their default`, () => {
      const on = parseFlags({ [flagSettingKey(f)]: 'true' });
      const off = parseFlags({ [flagSettingKey(f)]: 'false' });
      expect(on[f]).toBe(true);
      expect(off[f]).toBe(false);
      for (const g of LIMITED_USER_FLAGS) {
        if (g !== f) {
          expect(on[g]).toBe(DEFAULT_LIMITED_USER_FLAGS[g]);
          expect(off[g]).toBe(DEFAULT_LIMITED_USER_FLAGS[g]);
        }
      }
    });
  }

  it('any stored value other than "true" reads as off', () => {
    expect(parseFlags({ limited_users_can_see_profile_nav: 'TRUE' }).see_profile_nav).toBe(false);
    expect(parseFlags({ limited_users_can_see_profile_nav: '' }).see_profile_nav).toBe(false);
  });

  it('ignores unrelated keys', () => {
    expect(parseFlags({ app_name: 'x', message: 'true' })).toEqual(DEFAULT_LIMITED_USER_FLAGS);
  });
});

describe('platformFee', () => {
  it('is a percent plus a fixed amount, rounded to the cent, never more than the payment', () => {
    expect(platformFee(5000, { payments_fee_percent: '10', payments_fee_fixed: '30' })).toBe(530);
    expect(platformFee(2500, { payments_fee_percent: '2.5', payments_fee_fixed: '0' })).toBe(63);
    expect(platformFee(2500, {})).toBe(0);
    expect(platformFee(50, { payments_fee_percent: '30', payments_fee_fixed: '10000' })).toBe(50);
  });
});
