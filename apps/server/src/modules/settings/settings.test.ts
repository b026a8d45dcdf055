import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIMITED_USER_FLAGS,
  LIMITED_USER_FLAGS,
  PUBLIC_SETTING_KEYS,
  SETTING_KEYS,
  flagSettingKey,
} from '@bayclub/shared';
import { applyAs, buildTestApp, createAdmin, createLimitedMember, createMember, injectAs } from '../../test/helpers.js';

const webPublicDir = fileURLToPath(new URL('../../../../web/public', import.meta.url));

const t = await buildTestApp();
const admin = await createAdmin(t);
const member = await createMember(t);
const limited = await createLimitedMember(t);

const put = (user: { cookie: string } | null, settings: unknown) =>
  injectAs(t, user, { method: 'PUT', url: '/api/admin/settings', payload: { settings } as object });
const permissions = (user: { cookie: string }) => injectAs(t, user, { method: 'GET', url: '/api/permissions' });

describe('GET /api/settings/public', () => {
  it('anyone reads exactly the public keys, with the built-in defaults', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([...PUBLIC_SETTING_KEYS].sort());
    expect(body.app_name).toBe('Bay Club');
    expect(body.app_description).toMatch(/Tampa Bay/);
    expect(body.landing_cover_type).toBe('image');
    expect(body.favicon_url).toBeNull();
    for (const key of Object.keys(body)) {
      expect(key.startsWith('limited_users_can_')).toBe(false);
      expect(key.startsWith('landing_use_')).toBe(false);
    }
  });
});

describe('admin settings', () => {
  it('GET /api/admin/settings lists every key', async () => {
    const res = await injectAs(t, admin, { method: 'GET', url: '/api/admin/settings' });
    expect(res.statusCode).toBe(200);
    const { settings } = res.json();
    expect(Object.keys(settings).sort()).toEqual([...SETTING_KEYS].sort());
    expect(settings.limited_users_can_see_profile_nav).toBe('true');
    expect(settings.limited_users_can_message).toBe('false');
  });

  it('PUT saves the given keys, answers all settings, and the public read shows them', async () => {
    const res = await put(admin, { app_name: '  Tampa Club ', favicon_url: '/favicon.png', landing_fake_member_count: '12' });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({ app_name: 'Tampa Club', favicon_url: '/favicon.png', landing_fake_member_count: '12' });
    expect(Object.keys(res.json().settings).sort()).toEqual([...SETTING_KEYS].sort());
    const pub = (await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json();
    expect(pub.app_name).toBe('Tampa Club');
    expect(pub.favicon_url).toBe('/favicon.png');
    expect(pub).not.toHaveProperty('landing_fake_member_count');
    // Keys not sent keep their values.
    const again = await put(admin, { app_description: 'New' });
    expect(again.json().settings.app_name).toBe('Tampa Club');
    await put(admin, { app_name: 'Bay Club', favicon_url: '' });
  });

  it('the page title and manifest follow the app name', async () => {
    await put(admin, { app_name: 'Manifest Club' });
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json().name).toBe('Manifest Club');
    // Installable like an app: a maskable icon for Android's shapes, and shortcuts on the icon's long press.
    expect(manifest.json().icons).toContainEqual({ src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' });
    expect(manifest.json().shortcuts.map((s: { name: string; url: string }) => [s.name, s.url])).toEqual([
      ['Messages', '/inbox'],
      ['Events', '/events'],
      ['Check in', '/locations'],
    ]);
    expect(manifest.json().lang).toBe('en');
    // In the browser's language (issue 26): our words translated, the club's name as the admin wrote it.
    const spanish = (await t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { 'accept-language': 'es-US,es' } })).json();
    expect(spanish.lang).toBe('es');
    expect(spanish.name).toBe('Manifest Club');
    expect(spanish.shortcuts.map((s: { name: string }) => s.name)).toEqual(['Mensajes', 'Eventos', 'Check-in']);
    // The install sheet's screenshots: phone-shaped and wide, each a file the build ships.
    const screenshots = manifest.json().screenshots as Array<{ src: string; sizes: string; form_factor: string }>;
    expect(screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'narrow', 'wide']);
    for (const shot of screenshots) {
      const file = path.join(webPublicDir, shot.src);
      const { width, height } = await sharp(file).metadata();
      expect(`${width}x${height}`).toBe(shot.sizes);
    }
    await put(admin, { app_name: 'Bay Club' });
  });

  it('a bad value answers 400 with the message on its field, and nothing is saved', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ app_name: 'x'.repeat(61) }, 'settings.app_name', 'App name must be at most 60 characters'],
      [{ app_name: '' }, 'settings.app_name', 'App name is required'],
      [{ landing_cover_type: 'gif' }, 'settings.landing_cover_type', 'Cover type must be image or video'],
      [{ favicon_url: 'javascript:alert(1)' }, 'settings.favicon_url', 'Must be an http(s) URL or a path starting with /'],
      [{ landing_fake_member_count: '-3' }, 'settings.landing_fake_member_count', 'Must be a whole number from 0 to 999999999'],
      [{ limited_users_can_message: 'yes' }, 'settings.limited_users_can_message', 'Must be true or false'],
      [{ limited_users_can_message: true }, 'settings.limited_users_can_message', 'Must be true or false'],
    ];
    for (const [settings, field, message] of cases) {
      const res = await put(admin, { app_description: 'should not be saved', ...settings });
      expect(res.statusCode, JSON.stringify(settings)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.fields[field]).toBe(message);
    }
    const all = (await injectAs(t, admin, { method: 'GET', url: '/api/admin/settings' })).json().settings;
    expect(all.app_description).not.toBe('should not be saved');
  });

  it('unknown keys are refused (400) and not stored', async () => {
    for (const settings of [{ not_a_setting: 'x' }, { app_name: 'X', limited_users_can_fly: 'true' }]) {
      const res = await put(admin, settings);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const raw = await injectAs(t, admin, {
      method: 'PUT',
      url: '/api/admin/settings',
      payload: '{"settings":{"__proto__":{"app_name":"polluted"}}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.statusCode).toBe(400);
    const all = (await injectAs(t, admin, { method: 'GET', url: '/api/admin/settings' })).json().settings;
    expect(all).not.toHaveProperty('not_a_setting');
    expect(all.app_name).not.toBe('polluted');
  });

  it('an empty update or a missing settings object is refused', async () => {
    expect((await put(admin, {})).statusCode).toBe(400);
    const res = await injectAs(t, admin, { method: 'PUT', url: '/api/admin/settings', payload: { app_name: 'X' } });
    expect(res.statusCode).toBe(400);
  });

  it('non-admins get 403 on read and write, anonymous 401; nothing changes', async () => {
    const pending = await applyAs(t);
    for (const user of [member, limited, pending]) {
      expect((await injectAs(t, user, { method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(403);
      expect((await put(user, { app_name: 'Hijacked' })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(401);
    expect((await put(null, { app_name: 'Hijacked' })).statusCode).toBe(401);
    const pub = (await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json();
    expect(pub.app_name).not.toBe('Hijacked');
  });
});

describe('GET /api/permissions', () => {
  it('starts at the spec defaults', async () => {
    const res = await permissions(limited);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ flags: DEFAULT_LIMITED_USER_FLAGS });
  });

  it('every flag change takes effect on the very next request', async () => {
    for (const flag of LIMITED_USER_FLAGS) {
      const flipped = String(!DEFAULT_LIMITED_USER_FLAGS[flag]);
      expect((await put(admin, { [flagSettingKey(flag)]: flipped })).statusCode).toBe(200);
      const next = (await permissions(limited)).json().flags;
      expect(next[flag], flag).toBe(!DEFAULT_LIMITED_USER_FLAGS[flag]);
      expect((await put(admin, { [flagSettingKey(flag)]: String(DEFAULT_LIMITED_USER_FLAGS[flag]) })).statusCode).toBe(200);
      expect((await permissions(limited)).json().flags[flag], flag).toBe(DEFAULT_LIMITED_USER_FLAGS[flag]);
    }
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/permissions' })).statusCode).toBe(401);
  });
});
