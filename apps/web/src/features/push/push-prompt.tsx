import * as React from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { BellRingIcon } from 'lucide-react';
import { LIMITS, PUSH_MESSAGES } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { currentInstallPlatform } from '#/lib/install-platform';
import { isStandalone } from '#/lib/use-installed';
import { useSharedText } from '#/lib/i18n';
import { cn } from '#/lib/utils';
import { shouldPrompt, useEnablePushMutation, usePushStatusQuery } from './api';
import { isPushSupported, syncPushSubscription } from './push-client';

/**
 * localStorage key: when the member last answered the prompt ('Not now', or Enable whatever came of it), in ms since
 * the epoch. Kept per device, so a new tab or tomorrow's visit does not ask again; it asks again after
 * PUSH_PROMPT_QUIET_MS (issue 21; the spec's "for the session" asked in every new tab).
 */
export const PUSH_PROMPT_DISMISSED_KEY = 'bayclub:push-prompt-dismissed';
export const PUSH_PROMPT_QUIET_MS = 30 * 24 * 60 * 60 * 1000;

function wasDismissed(now = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(PUSH_PROMPT_DISMISSED_KEY));
    return at > 0 && now - at < PUSH_PROMPT_QUIET_MS;
  } catch {
    return false;
  }
}

function rememberDismissed() {
  try {
    localStorage.setItem(PUSH_PROMPT_DISMISSED_KEY, String(Date.now()));
  } catch {
    // Storage can be unavailable (private modes); the prompt then stays away for this page's life only.
  }
}

interface PushPromptProps {
  /**
   * Where the card goes on desktop: a slot in the side menu (a place of its own: it covers no page, no chat). Null
   * (no slot, or a phone): a card floating above the bottom tabs, over the page, reserving nothing.
   */
  slot: HTMLElement | null;
  /** Not now: a chat (its composer sits where the card would float); the card waits for another page. */
  hidden?: boolean;
}

/**
 * iPhone and iPad Safari offer web push only to an app added to the Home Screen: in a tab there is no PushManager.
 * There the prompt sends the member to /get-app instead of asking for a permission the browser cannot give.
 */
export function needsInstallForPush(): boolean {
  return !isPushSupported() && currentInstallPlatform().startsWith('ios') && !isStandalone();
}

/**
 * Spec 4: the push opt-in, mounted with the signed-in layout for members with access (never for an applicant).
 * It appears LIMITS.pushPromptDelay after the layout mounts when push is supported, this browser has no
 * subscription, permission is undecided and nobody answered it on this device in the last 30 days. It never takes
 * focus, it is a labelled region, and it moves nothing on the page.
 */
export function PushPrompt({ slot, hidden = false }: PushPromptProps) {
  const [due, setDue] = React.useState(false);
  const [dismissed, setDismissed] = React.useState(wasDismissed);
  const [installFirst] = React.useState(needsInstallForPush);
  const status = usePushStatusQuery(due && !dismissed && !installFirst);
  const enable = useEnablePushMutation();
  const titleId = React.useId();
  const bodyId = React.useId();
  const s = useSharedText();

  React.useEffect(() => {
    // A browser that cannot push never needs the timer (nor the re-render it causes).
    if ((!isPushSupported() && !needsInstallForPush()) || wasDismissed()) return;
    const timer = setTimeout(() => setDue(true), LIMITS.pushPromptDelay);
    return () => clearTimeout(timer);
  }, []);

  // Answered in another tab of this device: gone here too.
  React.useEffect(() => {
    const handleStorage = (event: StorageEvent) => {
      if (event.key === PUSH_PROMPT_DISMISSED_KEY && wasDismissed()) setDismissed(true);
    };
    window.addEventListener('storage', handleStorage);
    return () => window.removeEventListener('storage', handleStorage);
  }, []);

  // A member who turned push on earlier keeps it working for whoever is signed in now (see syncPushSubscription).
  React.useEffect(() => {
    syncPushSubscription().catch(() => {
      // Best effort: the next page load tries again, and the panel's switch shows the browser's state.
    });
  }, []);

  const dismiss = () => {
    rememberDismissed();
    setDismissed(true);
  };

  const handleEnable = () => {
    // Whatever the answer, the question has been asked; the panel's switch is there for a second try.
    enable.mutate(undefined, { onSettled: dismiss });
  };

  const visible = due && !dismissed && !hidden && (installFirst || enable.isPending || shouldPrompt(status.data));

  const card = visible && (
    <section
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid="push-prompt"
      className={cn(
        'rounded-xl border bg-popover p-4 text-popover-foreground shadow-lg',
        // Floating: above the bottom tabs (about 4 rem and the safe area), over the page, taking no room in it.
        !slot && 'fixed inset-x-3 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-30 mx-auto max-w-md md:bottom-6',
      )}
    >
      <div className="flex gap-3">
        <BellRingIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="grid gap-1">
          <h2 id={titleId} className="text-sm font-semibold">
            {s(installFirst ? PUSH_MESSAGES.installTitle : PUSH_MESSAGES.promptTitle)}
          </h2>
          <p id={bodyId} className="text-sm text-muted-foreground">
            {s(installFirst ? PUSH_MESSAGES.installBody : PUSH_MESSAGES.promptBody)}
          </p>
          <div className="mt-2 flex flex-wrap justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={dismiss} disabled={enable.isPending}>
              {s(PUSH_MESSAGES.dismiss)}
            </Button>
            {installFirst ? (
              <Button size="sm" asChild>
                {/* Following the link answers the question too: the card does not come back on every page. */}
                <Link to="/get-app" onClick={dismiss}>
                  {s(PUSH_MESSAGES.installLink)}
                </Link>
              </Button>
            ) : (
            <Button size="sm" onClick={handleEnable} disabled={enable.isPending} aria-busy={enable.isPending || undefined}>
              {enable.isPending && <Spinner />}
              {s(PUSH_MESSAGES.enable)}
            </Button>
            )}
          </div>
        </div>
      </div>
    </section>
  );

  return <div aria-live="polite">{card && slot ? createPortal(card, slot) : card}</div>;
}
