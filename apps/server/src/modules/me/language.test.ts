import { describe, expect, it } from 'vitest';
import { applyAs, buildTestApp, createMember, deactivate, injectAs } from '../../test/helpers.js';

// Issue 26: the member's language, saved in Settings, and the server's error texts in it.
const t = await buildTestApp();

const setLanguage = (user: { cookie: string }, language: unknown) =>
  injectAs(t, user, { method: 'PUT', url: '/api/me/language', payload: { language } });
const getMe = (user: { cookie: string }, headers: Record<string, string> = {}) =>
  injectAs(t, user, { method: 'GET', url: '/api/me', headers });

describe('PUT /api/me/language', () => {
  it('saves the choice; /api/me says it at once (the session cache forgets the member)', async () => {
    const member = await createMember(t);
    // Applied in English (the request's language, none given): their mails are English until they choose.
    expect((await getMe(member)).json().language).toBe('en');
    const res = await setLanguage(member, 'es');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ language: 'es' });
    expect((await getMe(member)).json().language).toBe('es');
    await setLanguage(member, 'en');
    expect((await getMe(member)).json().language).toBe('en');
  });

  it('refuses a language we do not speak, with a message for the field', async () => {
    const member = await createMember(t);
    for (const language of ['fr', '', null, 'ES', 42]) {
      const res = await setLanguage(member, language);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.language).toBe('Choose English or Español');
    }
    expect((await getMe(member)).json().language).toBe('en');
  });

  it('a pending applicant and a deactivated member may choose too; a visitor may not', async () => {
    const applicant = await applyAs(t);
    expect((await setLanguage(applicant, 'es')).statusCode).toBe(200);
    const member = await createMember(t);
    await deactivate(t, member.id);
    expect((await setLanguage(member, 'es')).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'PUT', url: '/api/me/language', payload: { language: 'es' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('error texts in the reader language', () => {
  it('a validation message of the contract, in Spanish for a Spanish request', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/applications', payload: {}, headers: { 'accept-language': 'es' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.email).not.toMatch(/[Ee]mail is|required/);
  });

  it('a limit built into a message and a required field of the wrong type, in Spanish too', async () => {
    const payload = { name: 'x'.repeat(101), username: 5 };
    const res = await t.app.inject({ method: 'POST', url: '/api/applications', payload, headers: { 'accept-language': 'es' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      name: 'El nombre debe tener 100 caracteres como máximo',
      username: 'El nombre de usuario debe ser texto',
    });
    const english = await t.app.inject({ method: 'POST', url: '/api/applications', payload });
    expect(english.json().error.fields).toMatchObject({ name: 'Name must be at most 100 characters', username: 'Username must be text' });
  });

  it('a visitor gets them in the language of the request (Accept-Language), English otherwise', async () => {
    const es = await t.app.inject({ method: 'GET', url: '/api/me', headers: { 'accept-language': 'es-US,es;q=0.9,en;q=0.8' } });
    expect(es.statusCode).toBe(401);
    expect(es.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Necesitas iniciar sesión' } });
    const fr = await t.app.inject({ method: 'GET', url: '/api/me', headers: { 'accept-language': 'fr-FR, de;q=0.5' } });
    expect(fr.json().error.message).toBe('You need to sign in');
    const none = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(none.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    const esNone = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'accept-language': 'es' } });
    expect(esNone.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No se encontró' } });
  });

  it("a member's saved language wins over the request's", async () => {
    const member = await createMember(t);
    await setLanguage(member, 'es');
    const res = await injectAs(t, member, { method: 'GET', url: '/api/admin/applications', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('No tienes acceso a esto');
  });
});
