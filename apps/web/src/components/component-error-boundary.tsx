import * as React from 'react';
import { AlertTriangleIcon } from 'lucide-react';
import { Button } from '#/components/ui/button';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

interface Props {
  children: React.ReactNode;
  /** Reset the boundary when any of these change (e.g. the route). */
  resetKeys?: readonly unknown[];
}
interface State {
  error: Error | null;
}

/** Spec 2 and 8: a failing section shows 'Component Error' with a 'Try Again' button instead of a blank page. */
export class ComponentErrorBoundary extends React.Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(prev: Props) {
    if (this.state.error && !sameKeys(prev.resetKeys, this.props.resetKeys)) this.setState({ error: null });
  }

  handleRetry = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    return <SectionFailed onRetry={this.handleRetry} />;
  }
}

/** What the boundary shows in place of the failed section (a function, for the catalogue's hook). */
function SectionFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT(catalog);
  return (
    <div role="alert" className="mx-auto my-8 flex max-w-md flex-col items-center gap-3 rounded-xl border bg-card p-6 text-center">
      <AlertTriangleIcon className="size-8 text-destructive" aria-hidden="true" />
      <h2 className="text-lg font-semibold">{t('components.errorBoundary.title')}</h2>
      <p className="text-sm text-muted-foreground">{t('components.errorBoundary.text')}</p>
      <Button onClick={onRetry}>{t('components.errorBoundary.retry')}</Button>
    </div>
  );
}

function sameKeys(a: readonly unknown[] = [], b: readonly unknown[] = []) {
  return a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
}
