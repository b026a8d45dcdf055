import { LEGAL_CONTACT_PLACEHOLDER, type AdminLegalDocumentView, type LegalDocument, type LegalDocumentView } from '@bayclub/shared';
import { DEFAULT_LEGAL_MARKDOWN, DEFAULT_LEGAL_UPDATED_AT } from './default-texts.js';
import type { StoredSetting } from './repository.js';

/** The admins' view: the stored text as written (placeholders kept), or the built-in one. */
export function presentAdminDocument(document: LegalDocument, stored: StoredSetting | undefined): AdminLegalDocumentView {
  return {
    document,
    markdown: stored?.value ?? DEFAULT_LEGAL_MARKDOWN[document],
    updatedAt: stored ? stored.updatedAt.toISOString() : DEFAULT_LEGAL_UPDATED_AT,
    custom: stored !== undefined,
  };
}

/** The members' view: the contact address filled in. */
export function presentDocument(document: LegalDocument, stored: StoredSetting | undefined, contact: string): LegalDocumentView {
  const { markdown, updatedAt } = presentAdminDocument(document, stored);
  return { document, markdown: markdown.replaceAll(LEGAL_CONTACT_PLACEHOLDER, contact), updatedAt };
}
