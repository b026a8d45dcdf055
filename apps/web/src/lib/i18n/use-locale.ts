import { useSyncExternalStore } from 'react';
import { i18n } from '@lingui/core';
import type { Locale } from '@bayclub/shared';
import { currentLocale } from './i18n';

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/** The page's language, followed as it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}
