import { describe, expect, it } from 'vitest';
import {
  applicationIdParamsSchema,
  applySchema,
  approveApplicationSchema,
  listApplicationsQuerySchema,
  rejectApplicationSchema,
  type ApplyInput,
} from './applications.js';
import { pwaAnalyticsSchema, setupAdminSchema } from './setup.js';
import { USERNAME_MESSAGES } from './profile.js';

const valid: ApplyInput = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  password: 'secret1',
  username: 'annlee',
  age: 30,
  city: 'tampa',
};

function fields(value: unknown, schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } } = applySchema) {
  const r = schema.safeParse(value);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error!.issues) out[i.path.map(String).join('.') || '_'] ??= i.message;
  return out;
}

describe('applySchema', () => {
  it('fills the defaults of optional fields', () => {
    expect(applySchema.parse(valid)).toEqual({
      ...valid,
      instagramUsername: null,
      bio: null,
      gender: null,
      relationshipStatus: 'not_specified',
      interests: [],
      communitySlug: null,
    });
  });

  it('lowercases and trims the username before the rules', () => {
    expect(applySchema.parse({ ...valid, username: '  AnnLee_1 ' }).username).toBe('annlee_1');
    expect(fields({ ...valid, username: 'Ab' })).toEqual({ username: USERNAME_MESSAGES.tooShort });
    expect(fields({ ...valid, username: '_Ann' })).toEqual({ username: USERNAME_MESSAGES.badStart });
    expect(fields({ ...valid, username: 'ann!' })).toEqual({ username: USERNAME_MESSAGES.charset });
  });

  it('lowercases the email', () => {
    expect(applySchema.parse({ ...valid, email: 'Ann@Example.COM' }).email).toBe('ann@example.com');
  });

  it('turns an empty instagram username into null and strips @', () => {
    expect(applySchema.parse({ ...valid, instagramUsername: '' }).instagramUsername).toBeNull();
    expect(applySchema.parse({ ...valid, instagramUsername: undefined }).instagramUsername).toBeNull();
    expect(applySchema.parse({ ...valid, instagramUsername: '@ann.lee' }).instagramUsername).toBe('ann.lee');
    expect(fields({ ...valid, instagramUsername: 'ann lee' }).instagramUsername).toMatch(/^Instagram username can only contain/);
    expect(fields({ ...valid, instagramUsername: '@' }).instagramUsername).toMatch(/^Instagram username can only contain/);
  });

  it('trims the bio, a blank bio becomes null, over 150 is refused', () => {
    expect(applySchema.parse({ ...valid, bio: '  hi  ' }).bio).toBe('hi');
    expect(applySchema.parse({ ...valid, bio: '   ' }).bio).toBeNull();
    expect(fields({ ...valid, bio: 'x'.repeat(151) })).toEqual({ bio: 'Bio is too long' });
  });

  it('requires name, email, password, username, age and city', () => {
    const f = fields({});
    for (const k of ['name', 'email', 'password', 'username', 'age', 'city']) expect(f[k], k).toBeDefined();
    expect(f).toMatchObject({
      name: 'Name is required',
      email: 'Email is required',
      password: 'Password is required',
      username: 'Username is required',
      age: 'Age is required',
      city: 'Please choose a city',
    });
  });

  it('applies the field rules', () => {
    expect(fields({ ...valid, password: '12345' })).toEqual({ password: 'Password must be at least 6 characters long' });
    expect(fields({ ...valid, age: 12 })).toEqual({ age: 'Age must be between 13 and 100' });
    expect(fields({ ...valid, age: 101 })).toEqual({ age: 'Age must be between 13 and 100' });
    expect(fields({ ...valid, age: '30' })).toEqual({ age: 'Age must be a number' });
    expect(fields({ ...valid, interests: Array(16).fill('Yoga') }).interests).toBe('Maximum of 15 interests reached.');
    expect(fields({ ...valid, interests: ['Yoga', 'Yoga'] }).interests).toBe('Each interest can be chosen once');
    expect(fields({ ...valid, interests: ['Nope'] })['interests.0']).toBe('Unknown interest');
    expect(fields({ ...valid, gender: 'other' })).toEqual({ gender: 'Please choose a gender' });
    expect(applySchema.parse({ ...valid, gender: null }).gender).toBeNull();
    expect(applySchema.parse({ ...valid, gender: 'Male' }).gender).toBe('Male');
    expect(fields({ ...valid, relationshipStatus: 'it' })).toEqual({ relationshipStatus: 'Please choose a relationship status' });
    expect(fields({ ...valid, name: '  ' })).toEqual({ name: 'Name is required' });
  });

  it('drops fields it does not know (no mass assignment)', () => {
    const out = applySchema.parse({ ...valid, accountType: 'full_platform', role: 'admin', isVerified: true }) as Record<string, unknown>;
    expect(out).not.toHaveProperty('accountType');
    expect(out).not.toHaveProperty('role');
    expect(out).not.toHaveProperty('isVerified');
  });
});

describe('rejectApplicationSchema', () => {
  it('trims; empty or missing reason is null; at most 500', () => {
    expect(rejectApplicationSchema.parse({})).toEqual({ reason: null });
    expect(rejectApplicationSchema.parse({ reason: '   ' })).toEqual({ reason: null });
    expect(rejectApplicationSchema.parse({ reason: ' Too far ' })).toEqual({ reason: 'Too far' });
    expect(rejectApplicationSchema.safeParse({ reason: 'x'.repeat(500) }).success).toBe(true);
    expect(fields({ reason: 'x'.repeat(501) }, rejectApplicationSchema)).toEqual({ reason: 'Reason must be at most 500 characters' });
  });
});

describe('approveApplicationSchema', () => {
  it('full_platform unless community_only is asked for; no body at all is a full approval', () => {
    for (const body of [undefined, null, {}, { accountType: 'full_platform' }]) {
      expect(approveApplicationSchema.parse(body)).toEqual({ accountType: 'full_platform' });
    }
    expect(approveApplicationSchema.parse({ accountType: 'community_only' })).toEqual({ accountType: 'community_only' });
  });
  it('refuses any other account type', () => {
    for (const accountType of ['admin', 'Community_Only', '', 1, null]) {
      expect(fields({ accountType }, approveApplicationSchema)).toEqual({ accountType: 'Account type must be full_platform or community_only' });
    }
  });
});

describe('listApplicationsQuerySchema and id params', () => {
  it('defaults and coerces', () => {
    expect(listApplicationsQuerySchema.parse({})).toEqual({ status: 'all', limit: 20 });
    expect(listApplicationsQuerySchema.parse({ status: 'pending', limit: '5' })).toEqual({ status: 'pending', limit: 5 });
  });
  it('refuses bad values', () => {
    for (const q of [{ status: 'x' }, { limit: '0' }, { limit: '101' }, { limit: '1.5' }, { limit: 'abc' }, { cursor: 'x'.repeat(201) }]) {
      expect(listApplicationsQuerySchema.safeParse(q).success, JSON.stringify(q)).toBe(false);
    }
  });
  it('ids are UUIDs', () => {
    expect(applicationIdParamsSchema.safeParse({ id: '6f1c3e2a-8d4b-4c1e-9f2a-1b2c3d4e5f60' }).success).toBe(true);
    expect(fields({ id: '1' }, applicationIdParamsSchema)).toEqual({ id: 'Must be a valid id' });
  });
});

describe('setupAdminSchema', () => {
  const ok = { token: 't', name: 'Admin', email: 'A@B.co', username: 'Boss', password: 'secret1' };
  it('lowercases email and username', () => {
    expect(setupAdminSchema.parse(ok)).toEqual({ ...ok, email: 'a@b.co', username: 'boss' });
  });
  it('refuses a missing token and bad fields', () => {
    expect(fields({ ...ok, token: '' }, setupAdminSchema)).toEqual({ token: 'The setup link is missing its token' });
    expect(fields({ ...ok, token: 'x'.repeat(201) }, setupAdminSchema).token).toBeDefined();
    expect(fields({ ...ok, password: '1' }, setupAdminSchema)).toEqual({ password: 'Password must be at least 6 characters long' });
    expect(fields({ ...ok, username: 'a' }, setupAdminSchema)).toEqual({ username: USERNAME_MESSAGES.tooShort });
  });
});

describe('pwaAnalyticsSchema', () => {
  it('accepts a small event and defaults isPwaMode', () => {
    expect(pwaAnalyticsSchema.parse({ eventType: 'install' })).toEqual({ eventType: 'install', isPwaMode: false });
    expect(pwaAnalyticsSchema.safeParse({ eventType: 'x', eventData: { a: 1, b: 'x', c: true, d: null }, platform: 'ios', isPwaMode: true }).success).toBe(true);
  });
  it('refuses empty or long event types, nested data and long values', () => {
    for (const b of [
      {},
      { eventType: '' },
      { eventType: '   ' },
      { eventType: 'x'.repeat(65) },
      { eventType: 'x', eventData: { a: { nested: 1 } } },
      { eventType: 'x', eventData: { a: ['x'] } },
      { eventType: 'x', eventData: { a: 'x'.repeat(501) } },
      { eventType: 'x', eventData: { ['k'.repeat(65)]: 1 } },
      { eventType: 'x', platform: 'p'.repeat(65) },
      { eventType: 'x', isPwaMode: 'yes' },
    ]) {
      expect(pwaAnalyticsSchema.safeParse(b).success, JSON.stringify(b).slice(0, 80)).toBe(false);
    }
  });
});
