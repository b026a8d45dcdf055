import { RotateCcwIcon } from 'lucide-react';
import { Button } from '#/components/ui/button';

/** Try again what failed to load. */
export function RetryButton({ onClick, size }: { onClick: () => void; size?: 'sm' }) {
  return (
    <Button variant="outline" size={size} onClick={onClick}>
      <RotateCcwIcon aria-hidden="true" />
      Retry
    </Button>
  );
}
