import { isLocale, negotiateLocale, type Locale } from '@bayclub/shared';
import { activateLocale, currentLocale } from './i18n';

/** The language a visitor picked on this device (the landing page's switcher, or a member's last language). */
export const LANGUAGE_STORAGE_KEY = 'bayclub:language';

export function storedLocale(): Locale | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

function storeLocale(locale: Locale) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Private mode without storage: the choice lasts for this page.
  }
}

/**
 * The language the page starts in: the one picked on this device (a member's own choice is stored here too when
 * their session says it), else the browser's languages, else English. A member's saved choice then wins (useMe).
 */
export function initialLocale(): Locale {
  return storedLocale() ?? negotiateLocale(typeof navigator === 'undefined' ? undefined : navigator.languages);
}

/** Speak `locale` from now on, on this device too (`<html lang>` follows every change). */
export async function switchLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  if (currentLocale() !== locale) await activateLocale(locale);
}
