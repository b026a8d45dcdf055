import { describe, expect, it } from 'vitest';
import { LEGAL_DOCUMENTS, LEGAL_LIMITS, LEGAL_MESSAGES } from '@bayclub/shared';
import { applyAs, buildTestApp, createAdmin, createLimitedMember, createMember, DENIED, injectAs } from '../../test/helpers.js';
import { DEFAULT_LEGAL_MARKDOWN, DEFAULT_LEGAL_UPDATED_AT } from './default-texts.js';
import { DEFAULT_LEGAL_MARKDOWN_ES } from './default-texts.es.js';

const t = await buildTestApp({ MAIL_FROM: 'Bay Club <hello@bayclub.test>' });
const admin = await createAdmin(t);
const member = await createMember(t);
const limited = await createLimitedMember(t);

const read = (document: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/legal/${document}`, headers });
/** What must not differ between the languages of a built-in text: its numbered sections, links, bold and table rows. */
const shapeOf = (markdown: string) => ({
  sections: markdown.match(/^## \d+\./gm),
  links: markdown.match(/\]\([^)]+\)/g),
  bold: markdown.match(/\*\*/g)?.length,
  rows: markdown.match(/^\|/gm)?.length,
  contact: markdown.match(/\{\{contact_email\}\}/g)?.length,
});
const put = (user: { cookie: string } | null, document: string, body: unknown) =>
  injectAs(t, user, { method: 'PUT', url: `/api/admin/legal/${document}`, payload: body as object });
const auditOf = async () =>
  (await injectAs(t, admin, { method: 'GET', url: '/api/admin/audit?action=settings.update' })).json().items as Array<{
    targetLabel: string;
    before: unknown;
    after: unknown;
  }>;

describe('GET /api/legal/:document', () => {
  it.each(LEGAL_DOCUMENTS)('serves the built-in %s to anyone, the contact address filled in from MAIL_FROM', async (document) => {
    const res = await read(document);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['document', 'markdown', 'updatedAt']);
    expect(body.document).toBe(document);
    expect(body.updatedAt).toBe(DEFAULT_LEGAL_UPDATED_AT);
    expect(body.markdown).toContain('hello@bayclub.test');
    expect(body.markdown).not.toContain('{{contact_email}}');
    expect(body.markdown).toBe(DEFAULT_LEGAL_MARKDOWN[document].replaceAll('{{contact_email}}', 'hello@bayclub.test'));
  });

  it.each(LEGAL_DOCUMENTS)('a Spanish reader gets the built-in %s in Spanish, with the same sections and links (issue 26)', async (document) => {
    const res = await read(document, { 'accept-language': 'es-US,es;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/accept-language/i);
    expect(res.json().markdown).toBe(DEFAULT_LEGAL_MARKDOWN_ES[document].replaceAll('{{contact_email}}', 'hello@bayclub.test'));
    expect(shapeOf(DEFAULT_LEGAL_MARKDOWN_ES[document])).toEqual(shapeOf(DEFAULT_LEGAL_MARKDOWN[document]));
  });

  it('the built-in texts say what the spec needs them to say', async () => {
    const privacy = (await read('privacy-policy')).json().markdown as string;
    for (const words of ['Check-in privacy', 'Connections only', 'Stripe', '30 days', '/delete-data', 'CRM staff', 'Moderators', 'Community organisers'])
      expect(privacy, words).toContain(words);
    const terms = (await read('terms-of-service')).json().markdown as string;
    expect(terms).toContain('13 years old');
    expect(terms).toContain('/privacy-policy');
  });

  it('an unknown document is a 400 with its field message, never a 5xx', async () => {
    for (const document of ['cookies', '..%2Fsettings', 'Terms-Of-Service', 'x'.repeat(80)]) {
      const res = await read(document);
      expect(res.statusCode, document).toBe(400);
      expect(res.json().error.fields.document).toBe(LEGAL_MESSAGES.unknownDocument);
    }
  });

  it('the contact address from the settings wins over MAIL_FROM', async () => {
    const res = await injectAs(t, admin, { method: 'PUT', url: '/api/admin/settings', payload: { settings: { legal_contact_email: 'privacy@club.test' } } });
    expect(res.statusCode).toBe(200);
    expect((await read('privacy-policy')).json().markdown).toContain('privacy@club.test');
    const bad = await injectAs(t, admin, { method: 'PUT', url: '/api/admin/settings', payload: { settings: { legal_contact_email: 'not an email' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields['settings.legal_contact_email']).toBe('Enter a valid email address');
    await injectAs(t, admin, { method: 'PUT', url: '/api/admin/settings', payload: { settings: { legal_contact_email: '' } } });
    expect((await read('privacy-policy')).json().markdown).toContain('hello@bayclub.test');
  });
});

describe('PUT /api/admin/legal/:document', () => {
  it('an admin edit changes the text and its date; the audit keeps a fingerprint, not the text', async () => {
    const markdown = '## Our terms\n\nBe kind. Write to {{contact_email}}.';
    const before = Date.now();
    const res = await put(admin, 'terms-of-service', { markdown });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ document: 'terms-of-service', markdown, custom: true });
    const saved = Date.parse(res.json().updatedAt);
    expect(saved).toBeGreaterThanOrEqual(before - 5_000);

    const pub = (await read('terms-of-service')).json();
    expect(pub.markdown).toBe('## Our terms\n\nBe kind. Write to hello@bayclub.test.');
    // The admin's text is the club's words: every reader gets it as written.
    expect((await read('terms-of-service', { 'accept-language': 'es' })).json().markdown).toBe(pub.markdown);
    expect(pub.updatedAt).toBe(res.json().updatedAt);
    // The admin's view keeps the placeholder; the other document is untouched.
    const raw = (await injectAs(t, admin, { method: 'GET', url: '/api/admin/legal/terms-of-service' })).json();
    expect(raw).toMatchObject({ markdown, custom: true });
    expect((await read('privacy-policy')).json().updatedAt).toBe(DEFAULT_LEGAL_UPDATED_AT);

    const [entry] = await auditOf();
    expect(entry!.targetLabel).toBe('Terms of Service');
    expect(entry!.before).toEqual({ terms_of_service_md: { text: 'built-in' } });
    expect(entry!.after).toEqual({ terms_of_service_md: { sha256: expect.stringMatching(/^[0-9a-f]{64}$/), characters: markdown.length } });
    expect(JSON.stringify(entry)).not.toContain('Be kind');

    // The same text again changes nothing: no new date, no new audit entry.
    const count = (await auditOf()).length;
    const again = await put(admin, 'terms-of-service', { markdown });
    expect(again.json().updatedAt).toBe(res.json().updatedAt);
    expect((await auditOf()).length).toBe(count);
  });

  it('the client cannot set the date, and the long texts stay out of the settings', async () => {
    const res = await put(admin, 'privacy-policy', { markdown: 'Private.', updatedAt: '2000-01-01T00:00:00.000Z' });
    expect(res.statusCode).toBe(200);
    expect(res.json().updatedAt).not.toBe('2000-01-01T00:00:00.000Z');
    const settings = (await injectAs(t, admin, { method: 'GET', url: '/api/admin/settings' })).json().settings;
    expect(settings).not.toHaveProperty('privacy_policy_md');
    expect(JSON.stringify(await (await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json())).not.toContain('Private.');
    // Nor can the texts be written through the settings route.
    const viaSettings = await injectAs(t, admin, { method: 'PUT', url: '/api/admin/settings', payload: { settings: { privacy_policy_md: 'x' } } });
    expect(viaSettings.statusCode).toBe(400);
  });

  it('stores a script tag or a javascript: link as given: the page renders it as text', async () => {
    const markdown = '<script>alert(1)</script>\n\n[click](javascript:alert(1)) <img src=x onerror=alert(1)>';
    const res = await put(admin, 'privacy-policy', { markdown });
    expect(res.statusCode).toBe(200);
    const pub = await read('privacy-policy');
    expect(pub.headers['content-type']).toMatch(/^application\/json/);
    expect(pub.json().markdown).toBe(markdown);
  });

  it('bad input is a 400 with the message on its field, and nothing is saved', async () => {
    const current = (await read('terms-of-service')).json();
    const cases: Array<[unknown, string, string]> = [
      [{ markdown: 'x'.repeat(LEGAL_LIMITS.markdownMax + 1) }, 'markdown', LEGAL_MESSAGES.markdownTooLong],
      [{ markdown: '   \n ' }, 'markdown', LEGAL_MESSAGES.markdownRequired],
      [{ markdown: 42 }, 'markdown', LEGAL_MESSAGES.markdownType],
      [{}, 'markdown', LEGAL_MESSAGES.markdownType],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(admin, 'terms-of-service', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.fields[field]).toBe(message);
    }
    const unknown = await put(admin, 'cookie-policy', { markdown: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.document).toBe(LEGAL_MESSAGES.unknownDocument);
    expect((await read('terms-of-service')).json()).toEqual(current);
    // Exactly the limit is fine.
    expect((await put(admin, 'terms-of-service', { markdown: 'y'.repeat(LEGAL_LIMITS.markdownMax) })).statusCode).toBe(200);
  });

  it('members, applicants and visitors cannot edit or read the raw text (403 / 401); nothing changes', async () => {
    const current = (await read('terms-of-service')).json();
    const pending = await applyAs(t);
    for (const user of [member, limited, pending]) {
      const res = await put(user, 'terms-of-service', { markdown: 'Hijacked' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(DENIED);
      expect((await injectAs(t, user, { method: 'GET', url: '/api/admin/legal/terms-of-service' })).statusCode).toBe(403);
      // Everyone reads the page itself.
      expect((await injectAs(t, user, { method: 'GET', url: '/api/legal/terms-of-service' })).statusCode).toBe(200);
    }
    expect((await put(null, 'terms-of-service', { markdown: 'Hijacked' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/legal/terms-of-service' })).statusCode).toBe(401);
    expect((await read('terms-of-service')).json()).toEqual(current);
  });
});
