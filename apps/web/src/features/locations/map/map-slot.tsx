import * as React from 'react';
import { Skeleton } from '#/components/ui/skeleton';
import { useT } from '#/lib/i18n';
import { cn } from '#/lib/utils';
import { catalog } from '../i18n';

/**
 * Where a lazy map goes: its size is held while Leaflet's chunk loads (no layout shift), and a map that fails to
 * load (offline, a deploy) leaves a one-line note instead of taking the page down: the list and the map links stay.
 */
export function MapSlot({ className, children }: { className: string; children: React.ReactNode }) {
  const t = useT(catalog);
  return (
    <MapErrorBoundary className={className}>
      <React.Suspense fallback={<Skeleton role="status" aria-label={t('locations.map.loading')} className={cn('rounded-xl', className)} />}>
        {children}
      </React.Suspense>
    </MapErrorBoundary>
  );
}

class MapErrorBoundary extends React.Component<{ className: string; children: React.ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return <MapFailed />;
  }
}

function MapFailed() {
  const t = useT(catalog);
  return <p className="rounded-xl border px-3 py-2 text-sm text-muted-foreground">{t('locations.map.failed')}</p>;
}
