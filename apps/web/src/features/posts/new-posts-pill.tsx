import { ArrowUpIcon } from 'lucide-react';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/**
 * "N new posts": floats at the top of the list while new posts wait; pressing it shows them at the top and
 * scrolls up. The count is announced politely as it changes.
 */
export function NewPostsPill({ count, loading, onShow }: { count: number; loading: boolean; onShow: () => void }) {
  const t = useT(catalog);
  return (
    <div aria-live="polite" className="pointer-events-none sticky top-16 z-10 flex h-0 justify-center md:top-4">
      {count > 0 && (
        <Button type="button" size="sm" className="pointer-events-auto rounded-full shadow-md" onClick={onShow} disabled={loading}>
          {loading ? <Spinner /> : <ArrowUpIcon aria-hidden="true" />}
          {t('posts.newPosts', { count })}
        </Button>
      )}
    </div>
  );
}
