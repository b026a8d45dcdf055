import * as React from 'react';
import { useMe } from '#/lib/session/use-session';
import { switchLocale } from './locale';

/** A member's saved language (Settings) wins over this device's and the browser's, on every device they sign in on. */
export function MemberLanguage() {
  const language = useMe()?.language ?? null;
  React.useEffect(() => {
    if (language) void switchLocale(language);
  }, [language]);
  return null;
}
