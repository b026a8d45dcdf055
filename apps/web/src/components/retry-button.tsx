import { RotateCcwIcon } from 'lucide-react';
import { Button } from '#/components/ui/button';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** Try again what failed to load. */
export function RetryButton({ onClick, size }: { onClick: () => void; size?: 'sm' }) {
  const t = useT(catalog);
  return (
    <Button variant="outline" size={size} onClick={onClick}>
      <RotateCcwIcon aria-hidden="true" />
      {t('components.retry')}
    </Button>
  );
}
