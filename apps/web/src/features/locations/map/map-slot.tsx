import * as React from 'react';
import { Skeleton } from '#/components/ui/skeleton';
import { cn } from '#/lib/utils';

/**
 * Where a lazy map goes: its size is held while Leaflet's chunk loads (no layout shift), and a map that fails to
 * load (offline, a deploy) leaves a one-line note instead of taking the page down: the list and the map links stay.
 */
export function MapSlot({ className, children }: { className: string; children: React.ReactNode }) {
  return (
    <MapErrorBoundary className={className}>
      <React.Suspense fallback={<Skeleton role="status" aria-label="Loading the map" className={cn('rounded-xl', className)} />}>
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
    return <p className="rounded-xl border px-3 py-2 text-sm text-muted-foreground">The map could not be loaded. The list has every place.</p>;
  }
}
