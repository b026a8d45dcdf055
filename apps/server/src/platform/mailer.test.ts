import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createMailer } from './mailer.js';
import { applyAs, buildTestApp } from '../test/helpers.js';

/** A real SMTP peer on loopback that keeps what it receives. */
const received: { to: string[]; data: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let data = '';
    stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
      callback();
    });
  },
});
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => new Promise<void>((resolve) => smtp.close(() => resolve())));

describe('mailer', () => {
  it('sends over SMTP when SMTP_URL is set', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, from: 'Bay Club <no-reply@bay.test>', log: pino({ level: 'silent' }) });
    await mailer.send({ to: 'ada@example.com', subject: 'Hello', text: 'Body text' });
    const mail = received.at(-1)!;
    expect(mail.to).toEqual(['ada@example.com']);
    expect(mail.data).toContain('Subject: Hello');
    expect(mail.data).toContain('Body text');
  });

  it('writes the mail to the log when SMTP_URL is not set', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    await createMailer({ from: 'x@y.z', log }).send({ to: 'bo@example.com', subject: 'Reset', text: 'Open https://link' });
    expect(lines.join('\n')).toContain('Open https://link');
  });

  it('delivers the password reset link through the configured SMTP server', async () => {
    const t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
    const user = await applyAs(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: user.email, redirectTo: '/reset-password' },
    });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => received.find((m) => m.to.includes(user.email))?.data ?? '').toMatch(/reset-password\?token=3D|reset-password\?token=/);
  });
});
