import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** First focusable element on every page: jumps past the menus to <main id="main">. */
export function SkipLink() {
  const t = useT(catalog);
  return (
    <a
      href="#main"
      className="sr-only z-[70] rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t('shell.skipLink')}
    </a>
  );
}
