import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { toast } from 'sonner';
import { consumeConsoleErrorAllowance } from './console-guard';
import { activateLocale, LANGUAGE_STORAGE_KEY } from '#/lib/i18n';

// Pages, layouts and dialogs load their code on demand (decision 011): the first import of a page under Vitest
// compiles it, which takes more than the default second on a busy machine. findBy*/waitFor wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these; radix primitives and our media queries need them.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}
window.scrollTo = (() => {}) as typeof window.scrollTo;
// Component tests never open a real socket: this one stays connecting. Drive events with emitRealtimeForTest.
class SilentWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  onopen: unknown = null;
  onmessage: unknown = null;
  onclose: unknown = null;
  onerror: unknown = null;
  constructor(readonly url: string) {
    super();
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}
(window as unknown as { WebSocket: unknown }).WebSocket = SilentWebSocket;
(globalThis as unknown as { WebSocket: unknown }).WebSocket = SilentWebSocket;
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
if (!Element.prototype.hasPointerCapture) Element.prototype.hasPointerCapture = () => false;
if (!Element.prototype.releasePointerCapture) Element.prototype.releasePointerCapture = () => {};

// A test fails on any console.error (React warnings, failed prop types, act() warnings...).
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(async () => {
  // sonner keeps toasts in a module-level store; a toast still showing would reappear in the next test's Toaster.
  toast.dismiss();
  cleanup();
  // A test that spoke Spanish leaves the next one in English, as a new page would start (after cleanup: nothing
  // on screen renders again).
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  await activateLocale('en');
  const errors = consoleErrors;
  vi.mocked(console.error).mockRestore();
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  });
  if (!consumeConsoleErrorAllowance() && errors.length > 0) {
    throw new Error(`console.error was called:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});
