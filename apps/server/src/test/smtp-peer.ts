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
