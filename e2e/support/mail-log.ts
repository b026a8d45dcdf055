import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';

/** Where the journeys' server (support/server.ts) copies its stdout, one file per port. */
export const serverStdoutPath = (port: string | number) => path.join(os.tmpdir(), `bayclub-e2e-${port}-stdout.log`);

/**
 * The body of the latest mail to `to` that the server printed (no SMTP_URL: platform/mailer.ts prints each mail as a
 * block with its To line), waiting for the outbox to send it.
 */
export async function printedMailTo(to: string, subject: RegExp): Promise<string> {
  const file = serverStdoutPath(process.env.E2E_PORT ?? '3100');
  let body = '';
  await expect
    .poll(
      () => {
        const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
        const blocks = text.split('│ Mail (SMTP_URL is not set').slice(1);
        const mine = blocks.filter((b) => b.includes(`│ To:      ${to}\n`) && subject.test(b));
        body = mine.at(-1) ?? '';
        return body !== '';
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return body;
}
