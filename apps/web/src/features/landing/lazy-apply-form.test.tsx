import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#/lib/query-client';
import { mockApi } from '#/test/render-app';

// A fresh module per test: once loaded, the form's code stays loaded (and renders at once).
let ApplyForm: typeof import('./lazy-apply-form').ApplyForm;
beforeEach(async () => {
  vi.resetModules();
  ({ ApplyForm } = await import('./lazy-apply-form'));
});

// Decision 011: on a phone the form sits below the hero; its code loads when the visitor reads on.
let observed: Array<{ node: Element; callback: IntersectionObserverCallback }> = [];
class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(node: Element) {
    observed.push({ node, callback: this.callback });
  }
  disconnect() {
    observed = observed.filter((o) => o.callback !== this.callback);
  }
}

function renderForm() {
  mockApi();
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ApplyForm id="apply" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  observed = [];
});

describe('the landing page application form', () => {
  it('holds its place and its id until the visitor scrolls, then loads', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    renderForm();
    const placeholder = document.getElementById('apply')!;
    expect(placeholder).toHaveTextContent('');
    expect(screen.getByRole('status', { name: 'Loading the application form...' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();

    fireEvent.scroll(window);
    const form = await screen.findByRole('form', { name: 'Membership application' });
    expect(form).toHaveAttribute('id', 'apply');
  });

  it('loads when it comes on screen (a wide window, or a #apply link)', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    renderForm();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    const [{ node, callback }] = observed as [(typeof observed)[number]];
    expect(node).toHaveAttribute('id', 'apply');
    act(() => callback([{ isIntersecting: true, target: node } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(await screen.findByRole('form', { name: 'Membership application' })).toBeInTheDocument();
  });

  it('loads by itself a few seconds after the page has loaded, for readers whose tools send no events', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      renderForm();
      act(() => {
        vi.advanceTimersByTime(2900);
      });
      expect(screen.queryByRole('form')).not.toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(100);
      });
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByRole('form', { name: 'Membership application' })).toBeInTheDocument();
  });
});
