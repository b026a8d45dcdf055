import { z } from 'zod';

/**
 * The legal pages (issue 24): the Terms of Service and the Privacy Policy, Markdown the admins edit in the admin
 * settings. Each is stored in app_settings under its own key (never in /api/settings/*: they are large) and served
 * by GET /api/legal/:document; without an admin's text the server serves its built-in one.
 */
export const LEGAL_DOCUMENTS = ['terms-of-service', 'privacy-policy'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

/** The page headings (the page's one h1; the Markdown's own headings render below it). */
export const LEGAL_TITLES: Record<LegalDocument, string> = {
  'terms-of-service': 'Terms of Service',
  'privacy-policy': 'Privacy Policy',
};

/** The app_settings keys of the texts; "last updated" is that row's updated_at, set by the server. */
export const LEGAL_SETTING_KEYS: Record<LegalDocument, string> = {
  'terms-of-service': 'terms_of_service_md',
  'privacy-policy': 'privacy_policy_md',
};

export const LEGAL_LIMITS = {
  /** Characters of Markdown per document. */
  markdownMax: 50_000,
} as const;

/** Written in a text, replaced when it is served by the contact address of the settings (legal_contact_email). */
export const LEGAL_CONTACT_PLACEHOLDER = '{{contact_email}}';

export const LEGAL_MESSAGES = {
  unknownDocument: 'Choose terms-of-service or privacy-policy',
  markdownRequired: 'Write the text of the page',
  markdownTooLong: `At most ${LEGAL_LIMITS.markdownMax.toLocaleString('en-US')} characters`,
  markdownType: 'The text must be a string',
} as const;

export const legalDocumentParamsSchema = z.object({
  document: z.enum(LEGAL_DOCUMENTS, { error: LEGAL_MESSAGES.unknownDocument }),
});

/** PUT /api/admin/legal/:document. The text is stored as given (the page renders it safely: no HTML passes). */
export const updateLegalDocumentSchema = z.object({
  markdown: z
    .string({ error: LEGAL_MESSAGES.markdownType })
    .max(LEGAL_LIMITS.markdownMax, { error: LEGAL_MESSAGES.markdownTooLong })
    .refine((s) => s.trim().length > 0, { error: LEGAL_MESSAGES.markdownRequired }),
});
export type UpdateLegalDocumentInput = z.infer<typeof updateLegalDocumentSchema>;

/** GET /api/legal/:document: the text as members read it (the contact address filled in). */
export interface LegalDocumentView {
  document: LegalDocument;
  markdown: string;
  /** ISO time: when an admin last changed the text, or the date of the built-in text. */
  updatedAt: string;
}

/** GET/PUT /api/admin/legal/:document: the text as the admins edit it (placeholders kept). */
export interface AdminLegalDocumentView extends LegalDocumentView {
  /** False while the built-in text is served. */
  custom: boolean;
}
