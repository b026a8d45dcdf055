import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  data: string;
}

export interface SmtpPeer {
  /** SMTP_URL for the server under test. */
  url: string;
  received: ReceivedMail[];
  /** How many mails to a recipient arrived (a mail in transport encoding still names it in the envelope). */
  countTo(address: string): number;
  /** Refuse the next `n` recipients with a temporary failure (451), as a busy server would. */
  refuseNext(n: number): void;
  /** Refuse every recipient from now on (true) or none (false). */
  refuseAll(on: boolean): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (smtp-server) that keeps what it receives. `delayMs` holds back its answer to each
 * mail's data, like a slow provider: a request that waits for it takes that much longer.
 */
export async function startSmtpPeer(opts: { delayMs?: number } = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  let refuse = 0;
  let refuseAlways = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refuseAlways || refuse > 0) {
        refuse = Math.max(0, refuse - 1);
        const err = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        setTimeout(() => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        }, opts.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    countTo: (address) => received.filter((m) => m.to.includes(address)).length,
    refuseNext(n) {
      refuse = n;
    },
    refuseAll(on) {
      refuseAlways = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A received mail taken apart: its headers (lower-case names, unfolded) and its text and HTML parts, decoded. */
export interface ParsedMail {
  headers: Record<string, string>;
  subject: string;
  text: string | null;
  html: string | null;
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding = ''): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => `%${h}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header, decoded. */
const decodeWords = (value: string) =>
  value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );

/** Take a mail the peer received apart (enough MIME for what nodemailer writes: text, HTML, alternatives). */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHead(raw);
  let text: string | null = null;
  let html: string | null = null;
  const visit = (h: Record<string, string>, b: string) => {
    const type = h['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const part of b.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const inner = splitHead(part.replace(/^\r?\n/, ''));
        visit(inner.headers, inner.body);
      }
      return;
    }
    const decoded = decodeBody(b, h['content-transfer-encoding']).replace(/\r\n/g, '\n').trimEnd();
    if (/^text\/html/i.test(type)) html = decoded;
    else if (/^text\/plain/i.test(type)) text = decoded;
  };
  visit(headers, body);
  return { headers, subject: decodeWords(headers.subject ?? ''), text, html };
}
