import * as React from 'react';
import { loadCatalogs, targetLocale } from '#/lib/i18n/i18n';

// Props are whatever the component declares: React.lazy's own constraint is ComponentType<any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = React.ComponentType<any>;

/** A React.lazy component for a named export, with `preload()` to fetch its code before it renders. */
export type LazyNamed<C extends AnyComponent> = React.LazyExoticComponent<C> & {
  /** Start loading the code (once); resolves when it is there. */
  preload: () => Promise<unknown>;
  isLoaded: () => boolean;
};

/**
 * `React.lazy` for a named export. Once the code is loaded (by `preload()` or an earlier render), the component
 * renders without suspending at all: the thenable handed to React.lazy answers synchronously, so a preloaded
 * page never shows a Suspense fallback, not even for a frame.
 */
// Pure: a face (a feature's index.ts) declares its on-demand widgets with it, and the annotation lets the bundler
// drop the ones a chunk does not use instead of keeping every declaration (and its import) as a side effect.
/* @__NO_SIDE_EFFECTS__ */
export function lazyNamed<M extends Record<K, AnyComponent>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyNamed<M[K]> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  // A page's code brings its folders' catalogues: the page is ready once they are loaded in the page's language too,
  // so a Spanish page shows in Spanish at once, with no fallback in between (decision 038).
  const preload = () =>
    (loading ??= load().then(
      async (module) => {
        // The language being switched to, not only the active one: at start-up a Spanish page's code may arrive
        // before its first catalogues, while the page is still English.
        const locale = targetLocale();
        if (locale !== 'en') await loadCatalogs(locale);
        return (loaded = module);
      },
      (error: unknown) => {
        // A failed download (offline, a deploy replaced the file) may be tried again by the next render.
        loading = undefined;
        throw error;
      },
    ));
  const thenable: PromiseLike<{ default: M[K] }> = {
    then(onFulfilled, onRejected) {
      if (loaded) return Promise.resolve(onFulfilled ? onFulfilled({ default: loaded[name] }) : undefined) as never;
      return preload().then((module) => ({ default: module[name] })).then(onFulfilled, onRejected);
    },
  };
  return Object.assign(
    // React.lazy only ever calls `then` on what the factory returns.
    React.lazy(() => thenable as Promise<{ default: M[K] }>),
    { preload, isLoaded: () => loaded !== undefined },
  );
}

/** The lazy parts of a route element: the element itself, its children, and what a layout declares. */
function lazyParts(node: React.ReactNode, found: Array<LazyNamed<AnyComponent>>) {
  if (!React.isValidElement(node)) return;
  const type = node.type as Partial<LazyNamed<AnyComponent>> & { lazyParts?: Array<LazyNamed<AnyComponent>> };
  if (typeof type.preload === 'function') found.push(type as LazyNamed<AnyComponent>);
  type.lazyParts?.forEach((part) => found.push(part));
  React.Children.forEach((node.props as { children?: React.ReactNode }).children, (child) => lazyParts(child, found));
}

/**
 * Start loading every lazy part of the given elements at once (a layout and its page would otherwise load one
 * after the other) and return one that is still loading (the same promise on every call), or null when all are
 * there.
 */
export function preloadElements(elements: React.ReactNode[]): Promise<unknown> | null {
  const parts: Array<LazyNamed<AnyComponent>> = [];
  elements.forEach((element) => lazyParts(element, parts));
  const pending = parts.filter((part) => !part.isLoaded()).map((part) => part.preload());
  // Only the first is handed back; a failure of the others shows when they render.
  pending.slice(1).forEach((p) => p.catch(() => undefined));
  return pending[0] ?? null;
}
