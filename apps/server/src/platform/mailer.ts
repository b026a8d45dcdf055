import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Hands one mail to the transport. The app sends through the outbox (modules/mail), which calls this. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** A send that takes longer than this is abandoned (and retried by the outbox); far below the outbox's lease. */
export const SEND_DEADLINE_MS = 60_000;

/** SMTP when SMTP_URL is set; otherwise the mail is written to the server log (development). */
export function createMailer(opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  if (!opts.smtpUrl) {
    return {
      async send(mail) {
        opts.log.info({ mail: { to: mail.to, subject: mail.subject } }, `mail (no SMTP_URL set):\n${mail.text}`);
      },
    };
  }
  // Timeouts far below nodemailer's defaults (2 and 10 minutes), so a stuck server cannot hold a mail past its lease;
  // parameters in the URL still win.
  const transport = nodemailer.createTransport({
    url: opts.smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        // nodemailer 10 honours an abort signal; its types do not list it yet.
        ...({ signal: AbortSignal.timeout(SEND_DEADLINE_MS) } as object),
      });
    },
  };
}
