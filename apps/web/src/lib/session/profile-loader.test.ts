import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_MESSAGES, type MeView } from '@bayclub/shared';
import { ApiError } from '#/lib/api';
import { isPendingMember, loadProfile, ProfileLoadError, retryDelay, sleep } from './profile-loader';
import { makeMe } from '#/test/fixtures';

describe('loadProfile (spec 4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const deps = (fetchMe: () => Promise<MeView>, recover: () => Promise<MeView> = vi.fn()) => ({ fetchMe, recover, sleep });

  it('returns the member on the first answer', async () => {
    const me = makeMe();
    await expect(loadProfile(deps(async () => me))).resolves.toBe(me);
  });

  it('reads 401 as signed out, without retrying', async () => {
    const fetchMe = vi.fn().mockRejectedValue(new ApiError(401, 'UNAUTHENTICATED', 'Sign in'));
    await expect(loadProfile(deps(fetchMe))).resolves.toBeNull();
    expect(fetchMe).toHaveBeenCalledTimes(1);
  });

  it('treats 403 as unrecoverable: forced cleanup, no retry', async () => {
    const fetchMe = vi.fn().mockRejectedValue(new ApiError(403, 'FORBIDDEN', 'Forbidden'));
    const err = await loadProfile(deps(fetchMe)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProfileLoadError);
    expect((err as ProfileLoadError).forceCleanup).toBe(true);
    expect(fetchMe).toHaveBeenCalledTimes(1);
  });

  it('retries network and 5xx failures 3 times with 1 s then 2 s delays', async () => {
    const me = makeMe();
    const fetchMe = vi
      .fn<() => Promise<MeView>>()
      .mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'offline'))
      .mockRejectedValueOnce(new ApiError(503, 'INTERNAL', 'down'))
      .mockResolvedValueOnce(me);
    const result = loadProfile(deps(fetchMe));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMe).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMe).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe(me);
    expect(fetchMe).toHaveBeenCalledTimes(3);
  });

  it("gives up after 3 attempts with 'Max retries exceeded'", async () => {
    const fetchMe = vi.fn().mockRejectedValue(new ApiError(500, 'INTERNAL', 'boom'));
    const result = loadProfile(deps(fetchMe)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3000);
    const err = (await result) as ProfileLoadError;
    expect(err.message).toBe(PROFILE_MESSAGES.maxRetries);
    expect(err.forceCleanup).toBe(false);
    expect(fetchMe).toHaveBeenCalledTimes(3);
  });

  it('recovers a missing profile when a pending application exists', async () => {
    const recovered = makeMe({ accountType: 'community_only', applicationStatus: 'pending' });
    const recover = vi.fn().mockResolvedValue(recovered);
    const result = await loadProfile(deps(async () => ({ ...makeMe(), profile: null, recoverable: true }), recover));
    expect(recover).toHaveBeenCalledTimes(1);
    expect(result).toBe(recovered);
  });

  it("reports 'Profile not found and could not be recovered' with forced cleanup when recovery fails", async () => {
    const recover = vi.fn().mockRejectedValue(new ApiError(404, 'NOT_FOUND', PROFILE_MESSAGES.notRecovered));
    const err = (await loadProfile(deps(async () => ({ ...makeMe(), profile: null, recoverable: true }), recover)).catch(
      (e: unknown) => e,
    )) as ProfileLoadError;
    expect(err.message).toBe(PROFILE_MESSAGES.notRecovered);
    expect(err.forceCleanup).toBe(true);
  });

  it('does not try to recover without a pending application', async () => {
    const recover = vi.fn();
    const me = { ...makeMe(), profile: null, recoverable: false };
    await expect(loadProfile(deps(async () => me, recover))).resolves.toBe(me);
    expect(recover).not.toHaveBeenCalled();
  });

  it('knows the delays and the pending state', () => {
    expect([1, 2, 3].map(retryDelay)).toEqual([1000, 2000, 4000]);
    expect(isPendingMember(makeMe({ accountType: 'community_only', applicationStatus: 'pending' }))).toBe(true);
    expect(isPendingMember(makeMe({ accountType: 'community_only', applicationStatus: 'approved' }))).toBe(false);
    expect(isPendingMember(makeMe())).toBe(false);
    expect(isPendingMember(null)).toBe(false);
  });
});
