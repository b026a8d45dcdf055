import * as React from 'react';

interface WakeLockSentinelLike {
  release(): Promise<void>;
  addEventListener(type: 'release', listener: () => void): void;
}
interface WakeLockLike {
  request(type: 'screen'): Promise<WakeLockSentinelLike>;
}

/**
 * Keeps the screen on while `active` (the door screen), where the browser has the Screen Wake Lock API. The
 * browser drops the lock whenever the tab is hidden, so it is asked for again each time the tab comes back.
 * Answers whether the lock is held, so the page can tell the member to keep the screen on themselves otherwise.
 */
export function useWakeLock(active: boolean): boolean {
  const [held, setHeld] = React.useState(false);
  React.useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLockLike }).wakeLock;
    if (!active || !wakeLock) return;
    let sentinel: WakeLockSentinelLike | null = null;
    let stopped = false;
    const acquire = async () => {
      if (document.hidden || sentinel) return;
      try {
        const next = await wakeLock.request('screen');
        if (stopped) return void next.release().catch(() => undefined);
        sentinel = next;
        setHeld(true);
        next.addEventListener('release', () => {
          sentinel = null;
          if (!stopped) setHeld(false);
        });
      } catch {
        // Refused (battery saver, no user activation): the page says so.
        setHeld(false);
      }
    };
    const onVisibility = () => void acquire();
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release().catch(() => undefined);
      setHeld(false);
    };
  }, [active]);
  return held;
}
