import { Button } from '#/components/ui/button';

/** Last-resort screen for an error no section caught. */
export function RouteErrorPage() {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center p-6">
      <div role="alert" className="flex max-w-sm flex-col items-center gap-3 text-center">
        <h1 className="text-xl font-semibold">Something went wrong</h1>
        <p className="text-muted-foreground">The page hit an unexpected error. Reloading usually fixes it.</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </main>
  );
}
