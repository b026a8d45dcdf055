import * as React from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyNamed, preloadElements } from './lazy-named';

/** A module whose download the test finishes when it wants. */
function gatedModule<T>(module: T) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const load = vi.fn(async () => {
    await gate;
    return module;
  });
  return { load, open: () => act(async () => open()) };
}

const Page = ({ title }: { title: string }) => <h1>{title}</h1>;

describe('lazyNamed', () => {
  it('suspends until the code is there, then renders the named export', async () => {
    const { load, open } = gatedModule({ Page });
    const LazyPage = lazyNamed(load, 'Page');
    render(
      <React.Suspense fallback={<p>Waiting</p>}>
        <LazyPage title="Profile" />
      </React.Suspense>,
    );
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    await open();
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('once preloaded, renders at once: no fallback, not even for the first render', async () => {
    const { load, open } = gatedModule({ Page });
    const LazyPage = lazyNamed(load, 'Page');
    const preloaded = LazyPage.preload();
    expect(LazyPage.isLoaded()).toBe(false);
    await open();
    await preloaded;
    expect(LazyPage.isLoaded()).toBe(true);
    render(
      <React.Suspense fallback={<p>Waiting</p>}>
        <LazyPage title="Chat" />
      </React.Suspense>,
    );
    // Synchronously there: the first commit already holds the page.
    expect(screen.getByRole('heading', { name: 'Chat' })).toBeInTheDocument();
    expect(screen.queryByText('Waiting')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed download can be tried again', async () => {
    const load = vi.fn<() => Promise<{ Page: typeof Page }>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ Page });
    const LazyPage = lazyNamed(load, 'Page');
    await expect(LazyPage.preload()).rejects.toThrow('offline');
    await LazyPage.preload();
    expect(LazyPage.isLoaded()).toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('preloadElements', () => {
  it('starts every lazy part of the elements at once (page, guarded page, a layout part) and waits for one still loading', async () => {
    const page = gatedModule({ Page });
    const guarded = gatedModule({ Page });
    const frame = gatedModule({ Page });
    const LazyPage = lazyNamed(page.load, 'Page');
    const LazyGuarded = lazyNamed(guarded.load, 'Page');
    const LazyFrame = lazyNamed(frame.load, 'Page');
    const Guard = ({ children }: { children: React.ReactNode }) => <>{children}</>;
    const Layout = Object.assign(() => null, { lazyParts: [LazyFrame] });

    const elements = [<Layout key="l" />, <LazyPage key="p" title="x" />, <Guard key="g"><LazyGuarded title="y" /></Guard>];
    const waiting = preloadElements(elements);
    expect(waiting).toBeInstanceOf(Promise);
    // All three downloads started before any finished: no waterfall.
    expect([page.load, guarded.load, frame.load].map((l) => l.mock.calls.length)).toEqual([1, 1, 1]);
    // The same promise while the same part is loading (React.use and effects rely on that).
    expect(preloadElements(elements)).toBe(waiting);

    await frame.open();
    await page.open();
    await guarded.open();
    await waiting;
    expect(preloadElements(elements)).toBeNull();
    expect([page.load, guarded.load, frame.load].map((l) => l.mock.calls.length)).toEqual([1, 1, 1]);
  });
});
