import type * as React from 'react';
import { SparklesIcon } from 'lucide-react';

/** A page whose feature is not built yet: its real title and one honest sentence. No sample data. */
export function ComingSoonPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center">
        <SparklesIcon className="size-8 text-primary" aria-hidden="true" />
        <p className="max-w-prose text-muted-foreground">Coming soon: {children}</p>
      </div>
    </section>
  );
}
