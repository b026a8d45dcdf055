import { LEGAL_CONTACT_PLACEHOLDER, type AdminLegalDocumentView, type LegalDocument, type LegalDocumentView, type Locale } from '@bayclub/shared';
import { DEFAULT_LEGAL_MARKDOWN, DEFAULT_LEGAL_UPDATED_AT } from './default-texts.js';
import { DEFAULT_LEGAL_MARKDOWN_ES } from './default-texts.es.js';
import type { StoredSetting } from './repository.js';

/** The built-in texts by language (the admins edit the English one; their own text then serves every reader). */
const BUILT_IN: Record<Locale, Record<LegalDocument, string>> = { en: DEFAULT_LEGAL_MARKDOWN, es: DEFAULT_LEGAL_MARKDOWN_ES };

/** The admins' view: the stored text as written (placeholders kept), or the built-in one. */
export function presentAdminDocument(document: LegalDocument, stored: StoredSetting | undefined): AdminLegalDocumentView {
  return {
    document,
    markdown: stored?.value ?? DEFAULT_LEGAL_MARKDOWN[document],
    updatedAt: stored ? stored.updatedAt.toISOString() : DEFAULT_LEGAL_UPDATED_AT,
    custom: stored !== undefined,
  };
}

/**
 * The members' view: the contact address filled in. The built-in text comes in the reader's language; an admin's
 * own text is the club's words, served to everyone as written.
 */
export function presentDocument(document: LegalDocument, stored: StoredSetting | undefined, contact: string, locale: Locale): LegalDocumentView {
  const { updatedAt } = presentAdminDocument(document, stored);
  const markdown = stored?.value ?? BUILT_IN[locale][document];
  return { document, markdown: markdown.replaceAll(LEGAL_CONTACT_PLACEHOLDER, contact), updatedAt };
}
