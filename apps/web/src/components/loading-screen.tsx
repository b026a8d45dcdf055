import { Spinner } from '#/components/ui/spinner';

/** Full-screen wait state ('Loading...', 'Signing out...'). Announced politely to screen readers. */
export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-3 bg-background text-foreground"
    >
      <Spinner className="size-8 text-primary" />
      <p className="text-sm font-medium">{label}</p>
    </div>
  );
}
