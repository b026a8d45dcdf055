import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  /** The plain-text part; every mail has one. */
  text: string;
  /** The HTML part, beside the text (member mails; the reset mail is text only). */
  html?: string | null;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string> | null;
}

/** Hands one mail to the transport. The app sends through the outbox (modules/mail), which calls this. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** A send that takes longer than this is abandoned (and retried by the outbox); far below the outbox's lease. */
export const SEND_DEADLINE_MS = 60_000;

/** Terminal control characters (ANSI escapes and the like) out of text printed to a terminal; newlines and tabs stay. */
const printable = (s: string) => s.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '');

/**
 * A mail as a plain block of text for a developer's terminal: the headers, the body with its links each on a line of
 * their own (the mail's own line breaks), nothing escaped, so a reset link can be clicked or copied as it is.
 */
export function formatMailForTerminal(mail: Mail): string {
  const rule = '─'.repeat(72);
  return [
    '',
    `┌${rule}`,
    '│ Mail (SMTP_URL is not set, so it is printed here instead of sent)',
    `│ To:      ${printable(mail.to)}`,
    `│ Subject: ${printable(mail.subject)}`,
    `└${rule}`,
    printable(mail.text).trimEnd(),
    rule,
    '',
    '',
  ].join('\n');
}

/**
 * SMTP when SMTP_URL is set; otherwise (development) the mail is printed readably on stdout (`print`), and the log
 * gets one line saying so, without the body.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  print?: (text: string) => void;
}): Mailer {
  if (!opts.smtpUrl) {
    const print = opts.print ?? ((text: string) => void process.stdout.write(text));
    return {
      async send(mail) {
        print(formatMailForTerminal(mail));
        opts.log.info({ mail: { to: mail.to, subject: mail.subject } }, 'Mail printed on stdout (no SMTP_URL set)');
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
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
        // nodemailer 10 honours an abort signal; its types do not list it yet.
        ...({ signal: AbortSignal.timeout(SEND_DEADLINE_MS) } as object),
      });
    },
  };
}
