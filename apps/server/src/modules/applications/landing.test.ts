import { describe, expect, it } from 'vitest';
import { USERNAME_MESSAGES } from '@bayclub/shared';
import { applyAs, buildTestApp, createMember, deactivate, makeFullPlatform, setSettings } from '../../test/helpers.js';

const t = await buildTestApp();

const stats = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/landing/stats' });
  expect(res.statusCode).toBe(200);
  expect(Object.keys(res.json()).sort()).toEqual(['applications', 'members']);
  return res.json() as { members: number; applications: number };
};
const availability = async (username: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/usernames/availability?username=${encodeURIComponent(username)}` });
  expect(res.statusCode).toBe(200);
  return res.json();
};

const COUNTERS_OFF = {
  landing_use_fake_member_count: 'false',
  landing_use_fake_application_count: 'false',
  landing_use_hybrid_application_count: 'false',
};

describe('GET /api/landing/stats', () => {
  it('real counts: active full_platform members, and all applications', async () => {
    await setSettings(t, COUNTERS_OFF);
    expect(await stats()).toEqual({ members: 0, applications: 0 });
    const applicant = await applyAs(t);
    expect(await stats()).toEqual({ members: 0, applications: 1 });
    await makeFullPlatform(t, applicant.id);
    const other = await createMember(t);
    expect(await stats()).toEqual({ members: 2, applications: 2 });
    await deactivate(t, other.id);
    expect(await stats()).toEqual({ members: 1, applications: 2 });
  });

  it('a fake member count replaces the real one', async () => {
    await setSettings(t, { ...COUNTERS_OFF, landing_use_fake_member_count: 'true', landing_fake_member_count: '1234' });
    const s = await stats();
    expect(s.members).toBe(1234);
    expect(s.applications).toBe(2);
    await setSettings(t, { landing_use_fake_member_count: 'false' });
    expect((await stats()).members).toBe(1);
  });

  it('a fake application count replaces the real one', async () => {
    await setSettings(t, { ...COUNTERS_OFF, landing_use_fake_application_count: 'true', landing_fake_application_count: '77' });
    expect(await stats()).toEqual({ members: 1, applications: 77 });
  });

  it('hybrid: a base count plus the real applications', async () => {
    await setSettings(t, { ...COUNTERS_OFF, landing_use_hybrid_application_count: 'true', landing_base_application_count: '500' });
    expect((await stats()).applications).toBe(502);
    await applyAs(t);
    expect((await stats()).applications).toBe(503);
  });

  it('fake wins over hybrid when both are on', async () => {
    await setSettings(t, {
      landing_use_fake_application_count: 'true',
      landing_fake_application_count: '9',
      landing_use_hybrid_application_count: 'true',
      landing_base_application_count: '500',
    });
    expect((await stats()).applications).toBe(9);
    await setSettings(t, COUNTERS_OFF);
    expect((await stats()).applications).toBe(3);
  });
});

describe('GET /api/usernames/availability', () => {
  it('a free name is available, lowercased and trimmed', async () => {
    expect(await availability('FreeName')).toEqual({ username: 'freename', available: true });
    expect(await availability('  spaced ')).toEqual({ username: 'spaced', available: true });
  });

  it('a taken name is not available, in any case', async () => {
    const taken = 'takenname';
    await applyAs(t, { username: taken });
    expect(await availability(taken)).toEqual({ username: taken, available: false });
    expect(await availability('TakenName')).toEqual({ username: taken, available: false });
  });

  it('an invalid name is not available and says why', async () => {
    expect(await availability('ab')).toEqual({ username: 'ab', available: false, error: 'Username must be at least 3 characters' });
    expect(await availability('a'.repeat(31))).toMatchObject({ available: false, error: 'Username must be no more than 30 characters' });
    expect(await availability('bad name')).toMatchObject({
      available: false,
      error: 'Username can only contain lowercase letters, numbers, underscores, and hyphens',
    });
    expect(await availability('_abc')).toMatchObject({ available: false, error: 'Username cannot start with underscore or hyphen' });
    expect(await availability('abc-')).toMatchObject({ available: false, error: 'Username cannot end with underscore or hyphen' });
  });

  it('a reserved name (a page of the app) is not available and says so, in any case', async () => {
    for (const name of ['events', 'Inbox', 'admin', 'login', 'view-profile', 'search']) {
      expect(await availability(name)).toEqual({ username: name.toLowerCase(), available: false, error: USERNAME_MESSAGES.reserved });
    }
    expect(USERNAME_MESSAGES.reserved).toBe('This username is reserved');
  });

  it('an empty name is required, not too short', async () => {
    expect(await availability('')).toEqual({ username: '', available: false, error: 'Username is required' });
  });

  it('refuses a missing or overlong parameter with 400', async () => {
    for (const url of ['/api/usernames/availability', `/api/usernames/availability?username=${'a'.repeat(101)}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});
