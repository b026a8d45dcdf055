import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  USERNAME_MESSAGES,
  ageSchema,
  bioSchema,
  citySchema,
  emailSchema,
  genderSchema,
  instagramUsernameSchema,
  interestsSchema,
  nameSchema,
  profileUpdateSchema,
  relationshipStatusSchema,
  usernameAvailabilityQuerySchema,
  usernameChangeError,
  usernameFormatSchema,
  usernameSchema,
  uuidSchema,
} from './profile.js';
import { RESERVED_SLUGS } from './reserved-slugs.js';
import { ALL_INTERESTS, CITIES, GENDERS, RELATIONSHIP_STATUSES } from './enums.js';

/** The message of the first issue, or null when the value is valid. */
function firstMessage(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0]!.message;
}

describe('usernameSchema (spec section 5, messages in rule order)', () => {
  it.each(['abc', 'a'.repeat(30), 'a1-b_c', '123', 'x-y', 'tampa_bay'])('accepts %j', (u) => {
    expect(usernameSchema.safeParse(u)).toEqual({ success: true, data: u });
  });

  it.each([
    // An empty field is required, not too short (issue 9, section 4): only that one message.
    ['', USERNAME_MESSAGES.required],
    ['   ', USERNAME_MESSAGES.required],
    ['ab', USERNAME_MESSAGES.tooShort],
    // length comes before the start/end rules
    ['_a', USERNAME_MESSAGES.tooShort],
    ['a'.repeat(31), USERNAME_MESSAGES.tooLong],
    ['_'.repeat(31), USERNAME_MESSAGES.tooLong],
    ['ABC', USERNAME_MESSAGES.charset],
    ['abc!', USERNAME_MESSAGES.charset],
    ['a b c', USERNAME_MESSAGES.charset],
    ['ab.c', USERNAME_MESSAGES.charset],
    ['åbc', USERNAME_MESSAGES.charset],
    ['abc😀', USERNAME_MESSAGES.charset],
    ['_abc', USERNAME_MESSAGES.badStart],
    ['-abc', USERNAME_MESSAGES.badStart],
    ['-ab-', USERNAME_MESSAGES.badStart],
    ['abc_', USERNAME_MESSAGES.badEnd],
    ['abc-', USERNAME_MESSAGES.badEnd],
  ])('refuses %j with %j', (u, message) => {
    expect(firstMessage(usernameSchema, u)).toBe(message);
  });

  it('an empty username gets the one message that it is required', () => {
    expect(usernameSchema.safeParse('').error!.issues.map((i) => i.message)).toEqual(['Username is required']);
  });

  it.each(['events', 'inbox', 'admin', 'login', 'view-profile', 'say-hi', 'terms-of-service', 'search', 'settings'])(
    'refuses the reserved %j with "This username is reserved"',
    (u) => {
      expect(USERNAME_MESSAGES.reserved).toBe('This username is reserved');
      expect(usernameSchema.safeParse(u).error!.issues.map((i) => i.message)).toEqual([USERNAME_MESSAGES.reserved]);
      // The form rules alone still accept it: a member who holds it from before keeps it.
      expect(usernameFormatSchema.safeParse(u).success).toBe(true);
    },
  );

  it('every reserved name that could be a username is refused; the rest break the form rules anyway', () => {
    for (const name of RESERVED_SLUGS) {
      const message = firstMessage(usernameSchema, name);
      expect(message, name).not.toBeNull();
      if (usernameFormatSchema.safeParse(name).success) expect(message, name).toBe(USERNAME_MESSAGES.reserved);
    }
  });

  it('reserved names are whole names: longer ones with them inside are fine', () => {
    for (const u of ['events-tampa', 'myinbox', 'admin1', 'logins']) expect(usernameSchema.safeParse(u).success, u).toBe(true);
  });

  it('reports both start and end when both are wrong', () => {
    const r = usernameSchema.safeParse('_abc-');
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual([USERNAME_MESSAGES.badStart, USERNAME_MESSAGES.badEnd]);
  });

  it('trims surrounding whitespace before checking', () => {
    expect(usernameSchema.parse('  abc  ')).toBe('abc');
    expect(firstMessage(usernameSchema, '  ab  ')).toBe(USERNAME_MESSAGES.tooShort);
  });

  it('says a missing username is required and a non-string must be text', () => {
    expect(firstMessage(usernameSchema, undefined)).toBe('Username is required');
    expect(firstMessage(usernameSchema, null)).toBe('Username is required');
    for (const v of [123, ['abc'], { u: 'abc' }, true]) expect(firstMessage(usernameSchema, v)).toBe('Username must be text');
  });

  it('Settings: a reserved name is refused only as a change (usernameChangeError)', () => {
    expect(usernameChangeError('events', 'events')).toBeNull();
    expect(usernameChangeError('events', 'Events')).toBeNull();
    expect(usernameChangeError('events', null)).toBeNull();
    expect(usernameChangeError('ann', 'events')).toBe(USERNAME_MESSAGES.reserved);
    expect(usernameChangeError(null, 'inbox')).toBe(USERNAME_MESSAGES.reserved);
    expect(usernameChangeError('ann', 'ann-lee')).toBeNull();
    // The Settings schema checks the form only, so the unchanged legacy name passes it.
    expect(profileUpdateSchema.safeParse({ fullName: 'Ann', username: 'events' }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ fullName: 'Ann', username: 'ab' }).error!.issues[0]!.message).toBe(USERNAME_MESSAGES.tooShort);
  });

  it('keeps the spec texts', () => {
    expect(USERNAME_MESSAGES).toMatchObject({
      tooShort: 'Username must be at least 3 characters',
      tooLong: 'Username must be no more than 30 characters',
      charset: 'Username can only contain lowercase letters, numbers, underscores, and hyphens',
      badStart: 'Username cannot start with underscore or hyphen',
      badEnd: 'Username cannot end with underscore or hyphen',
      taken: 'Username is already taken',
      available: 'Username is available!',
      checkFailed: 'Error checking availability',
    });
  });
});

describe('bioSchema', () => {
  it('accepts up to 150 characters, empty included', () => {
    expect(bioSchema.safeParse('').success).toBe(true);
    expect(bioSchema.safeParse('x'.repeat(150)).success).toBe(true);
  });
  it("refuses 151 with 'Bio is too long'", () => {
    expect(firstMessage(bioSchema, 'x'.repeat(151))).toBe('Bio is too long');
    expect(firstMessage(bioSchema, 'x'.repeat(200))).toBe('Bio is too long');
  });
});

describe('interestsSchema', () => {
  it('accepts none and up to 15 known, distinct interests', () => {
    expect(interestsSchema.safeParse([]).success).toBe(true);
    expect(interestsSchema.safeParse(ALL_INTERESTS.slice(0, 15)).success).toBe(true);
  });
  it("refuses 16 with 'Maximum of 15 interests reached.'", () => {
    expect(firstMessage(interestsSchema, ALL_INTERESTS.slice(0, 16))).toBe('Maximum of 15 interests reached.');
  });
  it('refuses an unknown interest at its index', () => {
    const r = interestsSchema.safeParse(['Yoga', 'Knitting']);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: [1], message: 'Unknown interest' });
  });
  it('is case-sensitive about interest names', () => {
    expect(firstMessage(interestsSchema, ['yoga'])).toBe('Unknown interest');
  });
  it('refuses duplicates', () => {
    expect(firstMessage(interestsSchema, ['Yoga', 'Yoga'])).toBe('Each interest can be chosen once');
  });
  it('refuses non-arrays and non-string items', () => {
    expect(interestsSchema.safeParse('Yoga').success).toBe(false);
    expect(interestsSchema.safeParse([1]).success).toBe(false);
  });
});

describe('instagramUsernameSchema', () => {
  const charsetMessage = 'Instagram username can only contain letters, numbers, periods and underscores (1-30 characters)';
  it('strips one leading @ and surrounding spaces', () => {
    expect(instagramUsernameSchema.parse('@foo.bar')).toBe('foo.bar');
    expect(instagramUsernameSchema.parse('  @Foo_Bar1 ')).toBe('Foo_Bar1');
    expect(instagramUsernameSchema.parse('x')).toBe('x');
    expect(instagramUsernameSchema.parse('@' + 'a'.repeat(30))).toBe('a'.repeat(30));
  });
  it.each(['@', '', 'a'.repeat(31), 'foo-bar', 'foo bar', '@@foo', 'foo@bar', 'fóo', '<script>'])('refuses %j', (v) => {
    expect(firstMessage(instagramUsernameSchema, v)).toBe(charsetMessage);
  });
});

describe('ageSchema (13..100)', () => {
  it.each([13, 30, 100])('accepts %d', (n) => expect(ageSchema.safeParse(n).success).toBe(true));
  it.each([12, 101, 0, -1])('refuses %d', (n) => expect(firstMessage(ageSchema, n)).toBe('Age must be between 13 and 100'));
  it('refuses fractions and non-numbers', () => {
    expect(firstMessage(ageSchema, 30.5)).toBe('Age must be a whole number');
    expect(firstMessage(ageSchema, '30')).toBe('Age must be a number');
    expect(firstMessage(ageSchema, null)).toBe('Age is required');
    expect(firstMessage(ageSchema, undefined)).toBe('Age is required');
    expect(firstMessage(ageSchema, [30])).toBe('Age must be a number');
    expect(ageSchema.safeParse(Number.NaN).success).toBe(false);
    expect(ageSchema.safeParse(Infinity).success).toBe(false);
  });
});

describe('emailSchema', () => {
  it('trims and lowercases', () => {
    expect(emailSchema.parse('  Someone@Example.COM ')).toBe('someone@example.com');
  });
  it.each(['nope', 'a@', '@b.com', 'a b@c.com', 'a@b'])('refuses %j', (v) => {
    expect(firstMessage(emailSchema, v)).toBe('Please enter a valid email address');
  });
  it.each(['', '   '])('says an empty email (%j) is required, with that one message', (v) => {
    expect(emailSchema.safeParse(v).error!.issues.map((i) => i.message)).toEqual(['Email is required']);
  });
  it('says a missing email is required and a non-string must be text', () => {
    expect(firstMessage(emailSchema, undefined)).toBe('Email is required');
    expect(firstMessage(emailSchema, 5)).toBe('Email must be text');
  });
  it('refuses more than 254 characters', () => {
    expect(firstMessage(emailSchema, `${'a'.repeat(250)}@b.com`)).toBe('Email is too long');
  });
});

describe('nameSchema', () => {
  it('requires a non-blank name', () => {
    expect(firstMessage(nameSchema, '')).toBe('Name is required');
    expect(firstMessage(nameSchema, '   ')).toBe('Name is required');
    expect(nameSchema.parse('  Ann Lee ')).toBe('Ann Lee');
    expect(firstMessage(nameSchema, undefined)).toBe('Name is required');
    expect(firstMessage(nameSchema, 7)).toBe('Name must be text');
  });
  it('caps at 100', () => {
    expect(nameSchema.safeParse('a'.repeat(100)).success).toBe(true);
    expect(firstMessage(nameSchema, 'a'.repeat(101))).toBe('Name must be at most 100 characters');
  });
});

describe('enumerations', () => {
  it('city, gender and relationship status accept only their values', () => {
    for (const c of CITIES) expect(citySchema.safeParse(c).success).toBe(true);
    for (const g of GENDERS) expect(genderSchema.safeParse(g).success).toBe(true);
    for (const r of RELATIONSHIP_STATUSES) expect(relationshipStatusSchema.safeParse(r).success).toBe(true);
    expect(firstMessage(citySchema, 'miami')).toBe('Please choose a city');
    expect(firstMessage(genderSchema, 'male')).toBe('Please choose a gender');
    expect(firstMessage(relationshipStatusSchema, 'complicated')).toBe('Please choose a relationship status');
  });
  it('uuidSchema', () => {
    expect(uuidSchema.safeParse('6f1c3e2a-8d4b-4c1e-9f2a-1b2c3d4e5f60').success).toBe(true);
    expect(firstMessage(uuidSchema, 'not-a-uuid')).toBe('Must be a valid id');
  });
  it('username availability query caps its length', () => {
    expect(usernameAvailabilityQuerySchema.safeParse({ username: 'abc' }).success).toBe(true);
    expect(usernameAvailabilityQuerySchema.safeParse({ username: 'a'.repeat(101) }).success).toBe(false);
    expect(usernameAvailabilityQuerySchema.safeParse({}).success).toBe(false);
  });
});
