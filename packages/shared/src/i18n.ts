/**
 * The languages Bay Club speaks (issue 26, decision 038). English is the source: its texts are the spec's, and a
 * text missing from another language's catalogue falls back to it.
 */
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's own name, as a member picks it (never translated: a reader finds their language by its name). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', es: 'Español' };

/** The Intl locale of each language: the club is in the United States (dates, times, numbers and dollars as there). */
export const INTL_LOCALES: Readonly<Record<Locale, string>> = { en: 'en-US', es: 'es-US' };

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** `es-US` -> `es`; anything we do not speak -> null. */
export function localeOfTag(tag: string): Locale | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : null;
}

/**
 * The first language we speak among the reader's preferred ones: an Accept-Language header (weights honoured,
 * `*` and unknown tags skipped) or `navigator.languages` (already in order). English when none is ours.
 */
export function negotiateLocale(preferred: string | readonly string[] | null | undefined): Locale {
  if (!preferred) return DEFAULT_LOCALE;
  const tags =
    typeof preferred === 'string'
      ? preferred
          .split(',')
          .map((part, index) => {
            const [tag = '', ...params] = part.split(';');
            const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
            const weight = q ? Number(q.slice(2)) : 1;
            return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
          })
          .filter((t) => t.tag && t.weight > 0)
          .sort((a, b) => b.weight - a.weight || a.index - b.index)
          .map((t) => t.tag)
      : preferred;
  for (const tag of tags) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
