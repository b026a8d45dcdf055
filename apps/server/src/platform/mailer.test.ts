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

  it('prints the mail readably when SMTP_URL is not set: real line breaks, the link alone on its line, nothing escaped', async () => {
    const lines: string[] = [];
    const printed: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const link = 'http://localhost:3000/reset-password?token=abc_DEF-123%2F&x="y"';
    const text = `Hi Bo,\n\nOpen this link within an hour:\n\n${link}\n\nIf it was not you, ignore this mail.\n`;
    await createMailer({ from: 'x@y.z', log, print: (s) => void printed.push(s) }).send({ to: 'bo@example.com', subject: 'Reset your Bay Club password', text });
    const out = printed.join('');
    expect(out.split('\n')).toContain(link);
    expect(out).toContain('To:      bo@example.com');
    expect(out).toContain('Subject: Reset your Bay Club password');
    expect(out).toContain('Hi Bo,\n\nOpen this link within an hour:');
    expect(out).not.toContain('\\n');
    // The log line says a mail was printed, for whom; the body (with its token) stays out of the JSON log.
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ mail: { to: 'bo@example.com', subject: 'Reset your Bay Club password' } });
    expect(lines[0]).not.toContain('token=');
  });

  it('printing strips terminal control sequences a member could put in their name', async () => {
    const printed: string[] = [];
    const mailer = createMailer({ from: 'x@y.z', log: pino({ level: 'silent' }), print: (s) => void printed.push(s) });
    await mailer.send({ to: 'bo@example.com', subject: 'Reset', text: 'Hi \u001b]0;owned\u0007\u001b[2JBo\u202e,\n\tlink\n' });
    expect(printed.join('')).toContain('Hi ]0;owned[2JBo,\n\tlink');
    expect(printed.join('')).not.toMatch(/[\u001b\u0007\u202e]/);
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
    await expect.poll(() => received.find((m) => m.to.includes(user.email))?.data ?? '', { timeout: 10_000 }).toMatch(/reset-password\?token=3D|reset-password\?token=/);
  });
});
