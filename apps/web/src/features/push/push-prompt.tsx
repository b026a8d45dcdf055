import * as React from 'react';
import { BellRingIcon } from 'lucide-react';
import { LIMITS, PUSH_MESSAGES } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { shouldPrompt, useEnablePushMutation, usePushStatusQuery } from './api';
import { isPushSupported, syncPushSubscription } from './push-client';

/** sessionStorage key: 'Not now' (or any answer) keeps the prompt away until the browser session ends (spec 4). */
export const PUSH_PROMPT_DISMISSED_KEY = 'bayclub:push-prompt-dismissed';

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(PUSH_PROMPT_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberDismissed() {
  try {
    sessionStorage.setItem(PUSH_PROMPT_DISMISSED_KEY, '1');
  } catch {
    // Storage can be unavailable (private modes); the prompt then stays away for this page's life only.
  }
}

/**
 * Spec 4: the push opt-in, mounted with the signed-in layout. It appears LIMITS.pushPromptDelay after the layout
 * mounts when push is supported, this browser has no subscription, permission is undecided and the member has not
 * dismissed it this session. A small card above the tab bar: it never takes focus, and it is a labelled region.
 */
export function PushPrompt() {
  const [due, setDue] = React.useState(false);
  const [dismissed, setDismissed] = React.useState(wasDismissed);
  const status = usePushStatusQuery(due && !dismissed);
  const enable = useEnablePushMutation();
  const titleId = React.useId();
  const bodyId = React.useId();

  React.useEffect(() => {
    // A browser that cannot push never needs the timer (nor the re-render it causes).
    if (!isPushSupported() || wasDismissed()) return;
    const timer = setTimeout(() => setDue(true), LIMITS.pushPromptDelay);
    return () => clearTimeout(timer);
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

  const visible = due && !dismissed && (enable.isPending || shouldPrompt(status.data));

  return (
    <div aria-live="polite">
      {visible && (
        // A banner above the page, in the flow: floating over the page it covered whatever lay beneath it (the chat
        // composer's Send button, the Settings Save bar, a page's header actions) 5 s after signing in.
        <section
          aria-labelledby={titleId}
          aria-describedby={bodyId}
          className="mx-3 mt-3 max-w-xl rounded-xl border bg-popover p-4 text-popover-foreground shadow-sm md:mx-6 md:mt-4"
        >
          <div className="flex gap-3">
            <BellRingIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <div className="grid gap-1">
              <h2 id={titleId} className="text-sm font-semibold">
                {PUSH_MESSAGES.promptTitle}
              </h2>
              <p id={bodyId} className="text-sm text-muted-foreground">
                {PUSH_MESSAGES.promptBody}
              </p>
              <div className="mt-2 flex justify-end gap-2">
                <Button variant="ghost" size="sm" onClick={dismiss} disabled={enable.isPending}>
                  {PUSH_MESSAGES.dismiss}
                </Button>
                <Button size="sm" onClick={handleEnable} disabled={enable.isPending} aria-busy={enable.isPending || undefined}>
                  {enable.isPending && <Spinner />}
                  {PUSH_MESSAGES.enable}
                </Button>
              </div>
            </div>
          </div>
        </section>
      )}
    </div>
  );
}
