import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BIO_MESSAGES,
  INTEREST_MESSAGES,
  SOCIAL_MESSAGES,
  USERNAME_MESSAGES,
  isProfileId,
  linkedinUsernameSchema,
  profileUpdateSchema,
  reduceLinkedin,
  socialProfileUrl,
  tiktokUsernameSchema,
  youtubeUsernameSchema,
} from './profile.js';
import { ACCOUNT_MESSAGES, deactivateAccountSchema, deleteAccountSchema } from './account.js';
import { GALLERY_MESSAGES, galleryCaptionsSchema, imageVariantUrl, reorderImagesSchema, uploadFailedMessage } from './media.js';
import { ALL_INTERESTS } from './enums.js';

function firstMessage(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0]!.message;
}

/** Field -> message of a failed profile update. */
function fieldErrors(input: Record<string, unknown>) {
  const r = profileUpdateSchema.safeParse({ fullName: 'Ann', ...input });
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('tiktokUsernameSchema (2-24, letters, digits, periods, underscores)', () => {
  it.each([['ab', 'ab'], ['@tok.er_1', 'tok.er_1'], ['a'.repeat(24), 'a'.repeat(24)]])('accepts %j', (input, out) => {
    expect(tiktokUsernameSchema.parse(input)).toBe(out);
  });
  it.each(['a', '@a', 'a'.repeat(25), 'with space', 'dash-no', 'émile'])('refuses %j naming the charset and length', (v) => {
    expect(firstMessage(tiktokUsernameSchema, v)).toBe(SOCIAL_MESSAGES.tiktok);
  });
  it('the message names the character set and the length', () => {
    expect(SOCIAL_MESSAGES.tiktok).toMatch(/letters, numbers, periods and underscores \(2-24 characters\)/);
  });
});

describe('youtubeUsernameSchema (1-30, letters, digits, periods, underscores, hyphens)', () => {
  it.each([['x', 'x'], ['@Bay-Club_TV.1', 'Bay-Club_TV.1'], ['a'.repeat(30), 'a'.repeat(30)]])('accepts %j', (input, out) => {
    expect(youtubeUsernameSchema.parse(input)).toBe(out);
  });
  it.each(['', '@', 'a'.repeat(31), 'has space', 'slash/no'])('refuses %j', (v) => {
    expect(firstMessage(youtubeUsernameSchema, v)).toBe(SOCIAL_MESSAGES.youtube);
  });
});

describe('linkedinUsernameSchema (URL reduced to the name, or a 3-100 name of letters, digits, hyphens)', () => {
  it.each([
    ['jane-doe', 'jane-doe'],
    ['https://www.linkedin.com/in/jane-doe/', 'jane-doe'],
    ['linkedin.com/in/jane-doe', 'jane-doe'],
    ['http://uk.linkedin.com/in/jane-doe?trk=x', 'jane-doe'],
    ['abc', 'abc'],
    ['a'.repeat(100), 'a'.repeat(100)],
  ])('%j -> %j', (input, out) => {
    expect(linkedinUsernameSchema.parse(input)).toBe(out);
  });
  it.each(['ab', 'a'.repeat(101), 'jane_doe', 'jane doe', 'https://evil.example/in/jane-doe', 'https://www.linkedin.com/company/x'])(
    'refuses %j',
    (v) => {
      expect(firstMessage(linkedinUsernameSchema, v)).toBe(SOCIAL_MESSAGES.linkedin);
    },
  );
  it('reduceLinkedin leaves a plain name alone', () => {
    expect(reduceLinkedin('@jane')).toBe('jane');
  });
});

describe('socialProfileUrl', () => {
  it('builds each network profile address', () => {
    expect(socialProfileUrl('instagram', '@ann.b')).toBe('https://www.instagram.com/ann.b/');
    expect(socialProfileUrl('tiktok', 'ann')).toBe('https://www.tiktok.com/@ann');
    expect(socialProfileUrl('youtube', '@AnnTV')).toBe('https://www.youtube.com/@AnnTV');
    expect(socialProfileUrl('linkedin', 'ann-b')).toBe('https://www.linkedin.com/in/ann-b');
  });
  it('linkedin: a value containing the domain opens as is; a non-https or foreign host never does', () => {
    expect(socialProfileUrl('linkedin', 'https://www.linkedin.com/in/ann-b')).toBe('https://www.linkedin.com/in/ann-b');
    expect(socialProfileUrl('linkedin', 'www.linkedin.com/in/ann-b')).toBe('https://www.linkedin.com/in/ann-b');
    expect(socialProfileUrl('linkedin', 'javascript:alert(1)//linkedin.com')).toMatch(/^https:\/\/www\.linkedin\.com\/in\//);
    expect(socialProfileUrl('linkedin', 'https://linkedin.com.evil.test/in/x')).toMatch(/^https:\/\/www\.linkedin\.com\/in\//);
  });
  it('escapes odd characters instead of building another path', () => {
    expect(socialProfileUrl('instagram', '../x?y')).toBe('https://www.instagram.com/..%2Fx%3Fy/');
  });
});

describe('profileUpdateSchema (the Settings save)', () => {
  it('normalises: username lowercased and trimmed, @ removed, empty -> null, linkedin URL -> name', () => {
    const out = profileUpdateSchema.parse({
      fullName: '  Ann B  ',
      username: '  Ann_B ',
      bio: '  ',
      instagramUsername: '@ann.b',
      tiktokUsername: '',
      linkedinUsername: 'https://www.linkedin.com/in/ann-b/',
      youtubeUsername: null,
      interests: ['Yoga'],
      gender: 'Female',
      relationshipStatus: 'not_specified',
      age: 40,
      city: 'tampa',
    });
    expect(out).toEqual({
      fullName: 'Ann B',
      username: 'ann_b',
      bio: null,
      instagramUsername: 'ann.b',
      tiktokUsername: null,
      linkedinUsername: 'ann-b',
      youtubeUsername: null,
      interests: ['Yoga'],
      gender: 'Female',
      relationshipStatus: 'not_specified',
      age: 40,
      city: 'tampa',
    });
  });

  it('drops fields that are not the member\'s to set', () => {
    const out = profileUpdateSchema.parse({
      fullName: 'Ann',
      accountType: 'full_platform',
      isVerified: true,
      applicationStatus: 'approved',
      isDeactivated: false,
      email: 'x@y.z',
      profilePictureUrl: 'https://evil.test/p.png',
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(Object.keys(out).sort()).toEqual(
      ['age', 'bio', 'city', 'fullName', 'gender', 'instagramUsername', 'interests', 'linkedinUsername', 'relationshipStatus', 'tiktokUsername', 'username', 'youtubeUsername'].sort(),
    );
  });

  it.each([
    [{ fullName: '   ' }, 'fullName', 'Name is required'],
    [{ username: 'ab' }, 'username', USERNAME_MESSAGES.tooShort],
    [{ username: 'a'.repeat(31) }, 'username', USERNAME_MESSAGES.tooLong],
    [{ username: 'a b c' }, 'username', USERNAME_MESSAGES.charset],
    [{ username: '_abc' }, 'username', USERNAME_MESSAGES.badStart],
    [{ username: 'abc-' }, 'username', USERNAME_MESSAGES.badEnd],
    [{ bio: 'x'.repeat(151) }, 'bio', BIO_MESSAGES.tooLong],
    [{ instagramUsername: 'no spaces' }, 'instagramUsername', SOCIAL_MESSAGES.instagram],
    [{ tiktokUsername: 'x' }, 'tiktokUsername', SOCIAL_MESSAGES.tiktok],
    [{ linkedinUsername: 'ab' }, 'linkedinUsername', SOCIAL_MESSAGES.linkedin],
    [{ youtubeUsername: 'a'.repeat(31) }, 'youtubeUsername', SOCIAL_MESSAGES.youtube],
    [{ interests: ALL_INTERESTS.slice(0, 16) }, 'interests', INTEREST_MESSAGES.max],
    [{ age: 12 }, 'age', 'Age must be between 13 and 100'],
    [{ age: 101 }, 'age', 'Age must be between 13 and 100'],
    [{ city: 'miami' }, 'city', 'Please choose a city'],
  ])('%j -> %s: %s', (input, field, message) => {
    expect(fieldErrors(input)[field]).toBe(message);
  });

  it('bio of exactly 150 characters and 15 interests are fine; the name is required', () => {
    expect(fieldErrors({ bio: 'x'.repeat(150), interests: ALL_INTERESTS.slice(0, 15) })).toEqual({});
    expect(profileUpdateSchema.safeParse({}).success).toBe(false);
  });
});

describe('isProfileId (a version 1 to 5 UUID)', () => {
  it.each(['6f1c1a86-3b7e-4d2a-9c55-1f0a6b1d2e3f', '6F1C1A86-3B7E-1D2A-8C55-1F0A6B1D2E3F', '6f1c1a86-3b7e-5d2a-bc55-1f0a6b1d2e3f'])(
    'accepts %s',
    (id) => expect(isProfileId(id)).toBe(true),
  );
  it.each(['u-1', '', '6f1c1a86-3b7e-6d2a-9c55-1f0a6b1d2e3f', '6f1c1a86-3b7e-0d2a-9c55-1f0a6b1d2e3f', '6f1c1a86-3b7e-4d2a-7c55-1f0a6b1d2e3f', '6f1c1a863b7e4d2a9c551f0a6b1d2e3f'])(
    'refuses %j',
    (id) => expect(isProfileId(id)).toBe(false),
  );
});

describe('account confirmations (exact, case-sensitive)', () => {
  it('DEACTIVATE and DELETE only', () => {
    expect(deactivateAccountSchema.safeParse({ confirmation: 'DEACTIVATE' }).success).toBe(true);
    expect(deleteAccountSchema.safeParse({ confirmation: 'DELETE' }).success).toBe(true);
    for (const v of ['deactivate', 'Deactivate', ' DEACTIVATE', 'DEACTIVATE ', '']) {
      expect(firstMessage(deactivateAccountSchema, { confirmation: v })).toBe(ACCOUNT_MESSAGES.deactivateMismatch);
    }
    for (const v of ['delete', 'Delete', 'DELETE ', 'DELET']) {
      expect(firstMessage(deleteAccountSchema, { confirmation: v })).toBe(ACCOUNT_MESSAGES.deleteMismatch);
    }
  });
  it('the spec\'s delete failure texts', () => {
    expect(ACCOUNT_MESSAGES.noUser).toBe('No user found');
    expect(ACCOUNT_MESSAGES.deleteFailed).toBe('Failed to delete account');
    expect(ACCOUNT_MESSAGES.deleteFailedToast).toBe('Failed to delete account. Please try again or contact support.');
  });
});

describe('gallery and picture rules', () => {
  it('messages carry the file name', () => {
    expect(GALLERY_MESSAGES.notImage('a.pdf')).toBe('File a.pdf is not an image');
    expect(GALLERY_MESSAGES.tooLarge('big.jpg')).toBe('File big.jpg is too large (max 10MB)');
    expect(uploadFailedMessage('No file selected')).toBe('Failed to upload profile picture: No file selected');
  });
  it('captions: at most 100 characters, empty -> null', () => {
    expect(galleryCaptionsSchema.parse(['x'.repeat(100), '  ', null])).toEqual(['x'.repeat(100), null, null]);
    expect(firstMessage(galleryCaptionsSchema, ['x'.repeat(101)])).toBe(GALLERY_MESSAGES.captionTooLong);
  });
  it('reorder: ids once each, at most 12', () => {
    const id = (n: number) => `6f1c1a86-3b7e-4d2a-9c55-${String(n).padStart(12, '0')}`;
    expect(reorderImagesSchema.safeParse({ ids: [id(1), id(2)] }).success).toBe(true);
    expect(reorderImagesSchema.safeParse({ ids: [id(1), id(1)] }).success).toBe(false);
    expect(reorderImagesSchema.safeParse({ ids: Array.from({ length: 13 }, (_, i) => id(i)) }).success).toBe(false);
  });
  it('imageVariantUrl picks 160/480/1080 of our files and leaves others alone', () => {
    const url = '/media/profile-images/u/1-0-abc.webp';
    expect(imageVariantUrl(url, 'large')).toBe(url);
    expect(imageVariantUrl(url, 'medium')).toBe('/media/profile-images/u/1-0-abc-480.webp');
    expect(imageVariantUrl(url, 'small')).toBe('/media/profile-images/u/1-0-abc-160.webp');
    expect(imageVariantUrl('/media/profile-pictures/u/profile.webp?v=12', 'small')).toBe('/media/profile-pictures/u/profile-160.webp?v=12');
    expect(imageVariantUrl('https://cdn.example/p.jpg', 'small')).toBe('https://cdn.example/p.jpg');
    expect(imageVariantUrl(null, 'small')).toBeNull();
  });
});
