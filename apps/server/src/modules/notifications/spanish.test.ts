import { afterAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '@bayclub/shared';
import { applyAs, buildTestApp, createAdmin, createMember, injectAs, mailTo, type TestUser } from '../../test/helpers.js';
import { createTestSubscriber, startPushEndpoint, type TestSubscriber } from '../../test/push-endpoint.js';

/**
 * Issue 26: what the server writes for a member (notifications, pushes, mails, calendar files) is in the
 * RECIPIENT's language, whatever the language of the member whose action caused it. Members' own words (names)
 * stay as they wrote them.
 */
const double = await startPushEndpoint();
afterAll(() => double.close());
const t = await buildTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: true }, { pushCa: double.ca });

const setLanguage = async (user: TestUser, language: 'en' | 'es') =>
  expect((await injectAs(t, user, { method: 'PUT', url: '/api/me/language', payload: { language } })).statusCode).toBe(200);
const nameOf = async (user: TestUser) => (await injectAs(t, user, { method: 'GET', url: '/api/me' })).json().profile.fullName as string;
const notificationsOf = async (user: TestUser) =>
  (await injectAs(t, user, { method: 'GET', url: '/api/notifications' })).json().items as Array<{ title: string; message: string }>;

async function subscribe(user: TestUser): Promise<{ endpoint: string; subscriber: TestSubscriber }> {
  const subscriber = createTestSubscriber();
  const endpoint = double.endpoint();
  const res = await injectAs(t, user, {
    method: 'POST',
    url: '/api/push/subscriptions',
    payload: { subscription: { endpoint, expirationTime: null, keys: subscriber.keys } },
  });
  expect(res.statusCode).toBe(201);
  return { endpoint, subscriber };
}

async function pushesAt(at: { endpoint: string; subscriber: TestSubscriber }, count: number): Promise<PushPayload[]> {
  const path = new URL(at.endpoint).pathname;
  const until = Date.now() + 5000;
  while (Date.now() < until) {
    await t.services.push.flush();
    const got = double.requests.filter((r) => r.path === path);
    if (got.length >= count) return got.map((r) => JSON.parse(at.subscriber.decrypt(r.body)) as PushPayload);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`expected ${count} push(es) at ${path}`);
}

describe('notifications and pushes in the recipient language', () => {
  it('an English member says hi: the Spanish member reads it in Spanish, the English one in English', async () => {
    const [actor, maria, john] = [await createMember(t), await createMember(t), await createMember(t)];
    await setLanguage(actor, 'en');
    await setLanguage(maria, 'es');
    const [atMaria, atJohn] = [await subscribe(maria), await subscribe(john)];
    const actorName = await nameOf(actor);

    for (const to of [maria, john]) {
      expect((await injectAs(t, actor, { method: 'POST', url: '/api/hellos', payload: { userId: to.id } })).statusCode).toBe(201);
    }

    expect(await notificationsOf(maria)).toEqual([expect.objectContaining({ title: 'Nuevo saludo', message: `${actorName} te saludó` })]);
    expect(await notificationsOf(john)).toEqual([expect.objectContaining({ title: 'New hello', message: `${actorName} said hi` })]);

    const [toMaria] = await pushesAt(atMaria, 1);
    expect(toMaria).toMatchObject({ title: 'Nuevo saludo', body: `${actorName} te saludó`, url: '/connections?tab=received' });
    const [toJohn] = await pushesAt(atJohn, 1);
    expect(toJohn).toMatchObject({ title: 'New hello', body: `${actorName} said hi` });
  });

  it('follows the reader: the same row reads in English once the member switches back', async () => {
    const [actor, member] = [await createMember(t), await createMember(t)];
    await setLanguage(member, 'es');
    expect((await injectAs(t, actor, { method: 'POST', url: '/api/hellos', payload: { userId: member.id } })).statusCode).toBe(201);
    expect((await notificationsOf(member))[0]?.title).toBe('Nuevo saludo');
    await setLanguage(member, 'en');
    expect((await notificationsOf(member))[0]?.title).toBe('New hello');
  });
});

describe('mails in the recipient language', () => {
  it('an English admin approves a Spanish applicant: the welcome mail (subject, text, footer) is in Spanish', async () => {
    const admin = await createAdmin(t);
    await setLanguage(admin, 'en');
    const [ana, bob] = [await applyAs(t), await applyAs(t)];
    await setLanguage(ana, 'es');
    const from = t.mails.length;
    for (const applicant of [ana, bob]) {
      const res = await injectAs(t, admin, { method: 'POST', url: `/api/admin/applications/${applicant.applicationId}/approve` });
      expect(res.statusCode).toBe(200);
    }

    const toAna = await mailTo(t, ana.email, from);
    expect(toAna.subject).toBe('Te damos la bienvenida a Bay Club: tu membresía está aprobada');
    expect(toAna.text).toContain(`¡Te damos la bienvenida, ${await nameOf(ana)}!`);
    expect(toAna.text).toContain('¡Te damos la bienvenida a Bay Club! Tu membresía está aprobada y tienes acceso a la plataforma completa.');
    expect(toAna.text).toContain('Abrir Bay Club: http://localhost:3000/');
    expect(toAna.text).toContain('Recibes este correo porque "Membresía aprobada" está activado en Configuración → Notificaciones.');
    expect(toAna.html).toContain('<html lang="es">');
    expect(await notificationsOf(ana)).toEqual([expect.objectContaining({ title: 'Solicitud aprobada' })]);

    const toBob = await mailTo(t, bob.email, from);
    expect(toBob.subject).toBe('Welcome to Bay Club: your membership is approved');
    expect(toBob.text).toContain(`Welcome, ${await nameOf(bob)}!`);
    expect(toBob.text).toContain('You get this mail because "Membership approved" is on in Settings → Notifications.');
  });

  it('a password reset mail is in the member saved language, whatever the page asking', async () => {
    const member = await createMember(t);
    await setLanguage(member, 'es');
    const from = t.mails.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { 'accept-language': 'en-US' },
      payload: { email: member.email, redirectTo: '/reset-password' },
    });
    expect(res.statusCode).toBe(200);
    const mail = await mailTo(t, member.email, from);
    expect(mail.subject).toBe('Restablece tu contraseña de Bay Club');
    expect(mail.text).toMatch(/^Hola, .+:\n\nAlguien pidió restablecer la contraseña de tu cuenta de Bay Club\./);
    expect(mail.text).toContain('Si no fuiste tú, ignora este correo; tu contraseña sigue igual.');
  });
});

describe('calendar files in the reader language', () => {
  it('the personal feed is named in its owner language', async () => {
    const member = await createMember(t);
    await setLanguage(member, 'es');
    const feed = await injectAs(t, member, { method: 'POST', url: '/api/calendar-feed', payload: {} });
    expect(feed.statusCode).toBe(200);
    const ics = await t.app.inject({ method: 'GET', url: new URL(feed.json().url as string).pathname });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('X-WR-CALNAME:Eventos de Bay Club');
  });
});
