import * as React from 'react';
import { Link } from 'react-router';
import { PUSH_MESSAGES } from '@bayclub/shared';
import { Label } from '#/components/ui/label';
import { Switch } from '#/components/ui/switch';
import { useSharedText, useT } from '#/lib/i18n';
import { useDisablePushMutation, useEnablePushMutation, usePushStatusQuery } from './api';
import { catalog } from './i18n';
import { needsInstallForPush } from './push-prompt';

/**
 * The later way to turn push on or off (the prompt only asks once a session): on runs the same enable flow,
 * off marks the subscription inactive and drops it in the browser. It shows this browser's state.
 */
export function PushToggle() {
  const status = usePushStatusQuery();
  const enable = useEnablePushMutation();
  const disable = useDisablePushMutation();
  const id = React.useId();
  const t = useT(catalog);
  const s = useSharedText();
  const busy = enable.isPending || disable.isPending;
  const data = status.data;

  if (needsInstallForPush()) {
    return (
      <p className="text-sm text-muted-foreground">
        {s(PUSH_MESSAGES.installBody)}{' '}
        <Link to="/get-app" className="font-medium text-primary underline underline-offset-4">
          {s(PUSH_MESSAGES.installLink)}
        </Link>
      </p>
    );
  }
  if (status.isError || data?.supported === false) {
    return <p className="text-sm text-muted-foreground">{s(PUSH_MESSAGES.notSupported)}</p>;
  }

  const denied = data?.permission === 'denied';
  const on = data?.subscribed === true && data.permission === 'granted';
  // While a change is on its way the switch shows where it is going, so it does not flick back and forth.
  const checked = enable.isPending ? true : disable.isPending ? false : on;

  return (
    <div className="flex items-center justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>{t('push.toggle.label')}</Label>
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
          {s(denied ? PUSH_MESSAGES.permissionDenied : PUSH_MESSAGES.promptBody)}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={!data || denied || busy}
        aria-busy={busy || undefined}
        aria-describedby={`${id}-description`}
        onCheckedChange={(next) => (next ? enable.mutate() : disable.mutate())}
      />
    </div>
  );
}
