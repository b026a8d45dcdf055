import crypto from 'node:crypto';
import { LEGAL_SETTING_KEYS, LEGAL_TITLES, type AdminLegalDocumentView, type LegalDocument, type LegalDocumentView, type Locale } from '@bayclub/shared';
import type { Db } from '../../db/client.js';
import { recordAudit } from '../audit/index.js';
import { presentAdminDocument, presentDocument } from './presenter.js';
import { readSettings, writeSetting } from './repository.js';

const CONTACT_KEY = 'legal_contact_email';

/** The address in a MAIL_FROM such as `Bay Club <hello@club.example>`. */
export function mailAddressOf(mailFrom: string): string {
  return /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

/** What the audit keeps of a text: its fingerprint and size, never the text (up to 50,000 characters). */
function fingerprint(text: string | undefined) {
  if (text === undefined) return { text: 'built-in' };
  return { sha256: crypto.createHash('sha256').update(text).digest('hex'), characters: text.length };
}

export function createLegalService({ db, mailFrom }: { db: Db; mailFrom: string }) {
  async function readForAdmin(document: LegalDocument): Promise<AdminLegalDocumentView> {
    const key = LEGAL_SETTING_KEYS[document];
    return presentAdminDocument(document, (await readSettings(db, [key])).get(key));
  }
  return {
    /**
     * The page as members and visitors read it, the built-in text in `locale`; the contact address from the
     * settings, else MAIL_FROM's.
     */
    async read(document: LegalDocument, locale: Locale): Promise<LegalDocumentView> {
      const key = LEGAL_SETTING_KEYS[document];
      const rows = await readSettings(db, [key, CONTACT_KEY]);
      const contact = rows.get(CONTACT_KEY)?.value.trim() || mailAddressOf(mailFrom);
      return presentDocument(document, rows.get(key), contact, locale);
    },

    readForAdmin,

    /** Saves the text as given, with its audit entry, in one transaction; the same text again changes nothing. */
    async update(document: LegalDocument, markdown: string, by: { userId: string; email: string }): Promise<AdminLegalDocumentView> {
      const key = LEGAL_SETTING_KEYS[document];
      await db.transaction(async (tx) => {
        const before = (await readSettings(tx, [key])).get(key)?.value;
        if (before === markdown) return;
        await writeSetting(tx, key, markdown, by.userId);
        await recordAudit(tx, by, {
          action: 'settings.update',
          targetType: 'settings',
          targetLabel: LEGAL_TITLES[document],
          before: { [key]: fingerprint(before) },
          after: { [key]: fingerprint(markdown) },
        });
      });
      return readForAdmin(document);
    },
  };
}

export type LegalService = ReturnType<typeof createLegalService>;
