import { describe, expect, it } from 'vitest';
import { accessLevel, can, canSeeMembers, hasCrmRole, type AccessSubject } from './access.js';
import { DEFAULT_LIMITED_USER_FLAGS, LIMITED_USER_FLAGS, type LimitedUserFlags } from './flags.js';
import { USER_ROLES } from './enums.js';

const allFlags = (value: boolean) => Object.fromEntries(LIMITED_USER_FLAGS.map((f) => [f, value])) as LimitedUserFlags;
const only = (flag: string) => Object.fromEntries(LIMITED_USER_FLAGS.map((f) => [f, f === flag])) as LimitedUserFlags;

const limited: AccessSubject = { accountType: 'community_only', applicationStatus: 'approved', isDeactivated: false };
const rejected: AccessSubject = { accountType: 'community_only', applicationStatus: 'rejected', isDeactivated: false };
const limitedNoApplication: AccessSubject = { accountType: 'community_only', applicationStatus: null, isDeactivated: false };
const pending: AccessSubject = { accountType: 'community_only', applicationStatus: 'pending', isDeactivated: false };
const full: AccessSubject = { accountType: 'full_platform', applicationStatus: 'approved', isDeactivated: false };
const deactivatedFull: AccessSubject = { ...full, isDeactivated: true };
const deactivatedLimited: AccessSubject = { ...limited, isDeactivated: true };
const noAccountType: AccessSubject = { accountType: null, applicationStatus: null, isDeactivated: false };

describe('accessLevel', () => {
  it.each<[string, AccessSubject | null, string]>([
    ['community_only (approved)', limited, 'limited'],
    ['community_only (rejected)', rejected, 'rejected'],
    ['community_only (no application)', limitedNoApplication, 'limited'],
    ['community_only with a pending application', pending, 'pending'],
    ['full_platform', full, 'full_platform'],
    ['full_platform with a pending status', { ...full, applicationStatus: 'pending' }, 'full_platform'],
    ['deactivated full_platform', deactivatedFull, 'none'],
    ['deactivated community_only', deactivatedLimited, 'none'],
    ['deactivated pending', { ...pending, isDeactivated: true }, 'none'],
    ['deactivated rejected', { ...rejected, isDeactivated: true }, 'none'],
    ['no account type', noAccountType, 'none'],
    ['no profile', null, 'none'],
  ])('%s → %s', (_name, subject, level) => {
    expect(accessLevel(subject)).toBe(level);
  });
});

describe('can(), for each of the 22 flags', () => {
  it('there are 22 flags', () => expect(LIMITED_USER_FLAGS).toHaveLength(22));

  for (const flag of LIMITED_USER_FLAGS) {
    describe(flag, () => {
      it('community_only (limited): follows the flag alone', () => {
        for (const s of [limited, limitedNoApplication]) {
          expect(can(s, flag, only(flag))).toBe(true);
          expect(can(s, flag, allFlags(true))).toBe(true);
          expect(can(s, flag, allFlags(false))).toBe(false);
          // every other flag on, this one off
          expect(can(s, flag, { ...allFlags(true), [flag]: false })).toBe(false);
          expect(can(s, flag, DEFAULT_LIMITED_USER_FLAGS)).toBe(DEFAULT_LIMITED_USER_FLAGS[flag]);
        }
      });

      it('pending: follows the flag like limited', () => {
        expect(can(pending, flag, only(flag))).toBe(true);
        expect(can(pending, flag, allFlags(false))).toBe(false);
        expect(can(pending, flag, { ...allFlags(true), [flag]: false })).toBe(false);
        expect(can(pending, flag, DEFAULT_LIMITED_USER_FLAGS)).toBe(DEFAULT_LIMITED_USER_FLAGS[flag]);
      });

      it('rejected applicant: never, whatever the flags (they are for community members)', () => {
        expect(can(rejected, flag, allFlags(true))).toBe(false);
        expect(can(rejected, flag, only(flag))).toBe(false);
        expect(can(rejected, flag, DEFAULT_LIMITED_USER_FLAGS)).toBe(false);
      });

      it('full_platform: always true', () => {
        expect(can(full, flag, allFlags(true))).toBe(true);
        expect(can(full, flag, allFlags(false))).toBe(true);
      });

      it('deactivated: always false', () => {
        for (const s of [deactivatedFull, deactivatedLimited]) {
          expect(can(s, flag, allFlags(true))).toBe(false);
          expect(can(s, flag, allFlags(false))).toBe(false);
        }
      });

      it('no profile: false', () => {
        expect(can(null, flag, allFlags(true))).toBe(false);
        expect(can(noAccountType, flag, allFlags(true))).toBe(false);
      });
    });
  }

  it('a flag value that is not exactly true counts as off', () => {
    const weird = { ...allFlags(false), message: 'true' as unknown as boolean };
    expect(can(limited, 'message', weird)).toBe(false);
  });
});

describe('canSeeMembers', () => {
  it.each<[string, AccessSubject | null, boolean]>([
    ['full_platform', full, true],
    ['approved community_only', limited, true],
    ['community_only without an application', limitedNoApplication, true],
    ['pending applicant', pending, false],
    ['rejected applicant', rejected, false],
    ['deactivated full_platform', deactivatedFull, false],
    ['deactivated community_only', deactivatedLimited, false],
    ['no account type', noAccountType, false],
    ['no profile', null, false],
  ])('%s → %s', (_name, subject, expected) => {
    expect(canSeeMembers(subject)).toBe(expected);
  });
});

describe('hasCrmRole', () => {
  it('admin, crm_admin and crm_user qualify; moderator alone does not', () => {
    expect(hasCrmRole(['admin'], [])).toBe(true);
    expect(hasCrmRole(['crm_admin'], [])).toBe(true);
    expect(hasCrmRole(['crm_user'], [])).toBe(true);
    expect(hasCrmRole(['moderator'], [])).toBe(false);
    expect(hasCrmRole([], [])).toBe(false);
    expect(hasCrmRole([...USER_ROLES], [])).toBe(true);
  });
  it('community creator or moderator qualifies; a plain member does not', () => {
    expect(hasCrmRole([], ['creator'])).toBe(true);
    expect(hasCrmRole([], ['moderator'])).toBe(true);
    expect(hasCrmRole([], ['member'])).toBe(false);
    expect(hasCrmRole(['moderator'], ['member', 'creator'])).toBe(true);
  });
});
