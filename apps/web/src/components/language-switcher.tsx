import * as React from 'react';
import { LanguagesIcon } from 'lucide-react';
import { LOCALE_NAMES, type Locale } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { switchLocale, useLocale } from '#/lib/i18n';

/**
 * For visitors (the signed-out top menu, issue 26): one press switches to the other language, remembered on this
 * device. It reads the other language's own name ("Español" on an English page), marked with that language, so a
 * reader who cannot read this page still finds theirs.
 */
export function LanguageSwitcher() {
  const locale = useLocale();
  const [pending, startTransition] = React.useTransition();
  const other: Locale = locale === 'en' ? 'es' : 'en';
  return (
    <Button
      variant="ghost"
      size="sm"
      lang={other}
      disabled={pending}
      onClick={() => startTransition(() => switchLocale(other))}
    >
      <LanguagesIcon aria-hidden="true" />
      {LOCALE_NAMES[other]}
    </Button>
  );
}
