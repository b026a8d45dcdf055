import { Component, type ReactNode } from 'react';
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { AlertTriangleIcon, RotateCcwIcon } from 'lucide-react';
import { Button } from '#/components/ui/button';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** What an admin section shows when it fails (spec 2 Admin sections, spec 8). */
export function SectionError({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const t = useT(catalog);
  return (
    <div role="alert" className="grid justify-items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/5 px-6 py-10 text-center">
      <AlertTriangleIcon aria-hidden="true" className="size-8 text-destructive" />
      <div className="grid gap-1">
        <p className="text-lg font-semibold">{t('admin.sectionError.title')}</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          {t('admin.sectionError.body', { message: message ?? t('admin.sectionError.fallback') })}
        </p>
      </div>
      <Button variant="outline" onClick={onRetry}>
        <RotateCcwIcon aria-hidden="true" /> {t('admin.sectionError.retry')}
      </Button>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  onReset?: () => void;
}

class SectionBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  handleReset = () => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) return <SectionError onRetry={this.handleReset} />;
    return this.props.children;
  }
}

/** Keeps a failing admin section from taking the whole dashboard down; Try Again also retries its queries. */
export function AdminSectionBoundary({ children }: { children: ReactNode }) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => <SectionBoundary onReset={reset}>{children}</SectionBoundary>}
    </QueryErrorResetBoundary>
  );
}
