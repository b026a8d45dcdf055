import { errorMessage } from '#/lib/api';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';
import { RetryButton } from './retry-button';

/** A page whose one thing (an event, a place, a post) failed to load: the reason and Retry. */
export function PageLoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  const t = useT(catalog);
  return (
    <section role="alert" className="mx-auto grid max-w-md justify-items-center gap-3 px-4 py-16 text-center">
      <p className="font-medium">{t('components.load.failed', { what })}</p>
      <p className="text-sm text-muted-foreground">{errorMessage(error)}</p>
      <RetryButton onClick={onRetry} />
    </section>
  );
}
