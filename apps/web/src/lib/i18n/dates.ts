import { format, type Locale as DateFnsLocale } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { currentLocale } from './i18n';

/**
 * date-fns in the page's language (issue 26). English keeps the patterns the code names (its texts are unchanged);
 * Spanish says the same thing in its own order ("sáb 5 de dic, 7:00 p.m.", "sábado, 5 de diciembre de 2026").
 */
const SPANISH_PATTERNS: Readonly<Record<string, string>> = {
  // "p.m.", as Intl writes es-US (date-fns' Spanish `a` is "PM").
  'h:mm a': 'h:mm aaaa',
  'EEE, MMM d, h:mm a': "EEE d 'de' MMM, h:mm aaaa",
  'EEEE, MMMM d, yyyy': "EEEE, d 'de' MMMM 'de' yyyy",
  'EEEE, MMMM d': "EEEE, d 'de' MMMM",
  'EEE, MMM d': "EEE d 'de' MMM",
  'MMM d, yyyy': "d 'de' MMM 'de' yyyy",
  'MMMM yyyy': "MMMM 'de' yyyy",
  'MMM d': "d 'de' MMM",
};

/** The date-fns locale of the page's language (undefined: date-fns' own English). */
export const dateFnsLocale = (): DateFnsLocale | undefined => (currentLocale() === 'es' ? es : undefined);

/** `format(date, pattern)` in the page's language; `pattern` is the English one. */
export function formatLocalized(date: Date | number, pattern: string): string {
  if (currentLocale() !== 'es') return format(date, pattern);
  return format(date, SPANISH_PATTERNS[pattern] ?? pattern, { locale: es });
}
