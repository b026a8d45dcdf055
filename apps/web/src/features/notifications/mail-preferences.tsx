import { useId, useState } from 'react';
import { ChevronDownIcon } from 'lucide-react';
import { toast } from 'sonner';
import { MAIL_MESSAGES, MAIL_TYPE_LABELS, MAIL_TYPES, type MailType } from '@bayclub/shared';
import { Skeleton } from '#/components/ui/skeleton';
import { Switch } from '#/components/ui/switch';
import { errorMessage } from '#/lib/api';
import { sharedText, useSharedText, useT } from '#/lib/i18n';
import { useMailPreferencesQuery, useUpdateMailPreferencesMutation } from './api';
import { catalog } from './i18n';

/**
 * The member's mail choices, under the push switch in the notifications panel (Settings → Notifications): one
 * switch per member mail (approval, reminders, waitlist, daily digest), each saved at once. Folded by default so the
 * list keeps the room; read only once opened. A mail's one-click unsubscribe link turns the same switch off.
 */
export function MailPreferences() {
  const [open, setOpen] = useState(false);
  const preferences = useMailPreferencesQuery(open);
  const update = useUpdateMailPreferencesMutation();
  const t = useT(catalog);
  const s = useSharedText();

  const handleChange = (type: MailType, on: boolean) =>
    update.mutate(
      { [type]: on },
      {
        onSuccess: () => toast.success(sharedText(MAIL_MESSAGES.saved)),
        onError: (error) => toast.error(errorMessage(error, sharedText(MAIL_MESSAGES.saveFailed))),
      },
    );

  return (
    <details className="group w-full" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-md py-1 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
        {t('notifications.mail.title')}
        <ChevronDownIcon aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <p className="mt-1 text-xs text-muted-foreground">{s(MAIL_MESSAGES.sectionIntro)}</p>
      {preferences.isError ? (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {s(MAIL_MESSAGES.loadFailed)}
        </p>
      ) : (
        <ul className="mt-2 grid gap-3">
          {MAIL_TYPES.map((type) => (
            <MailTypeRow key={type} type={type} checked={preferences.data?.[type]} onChange={(on) => handleChange(type, on)} />
          ))}
        </ul>
      )}
    </details>
  );
}

function MailTypeRow({ type, checked, onChange }: { type: MailType; checked: boolean | undefined; onChange: (on: boolean) => void }) {
  const id = useId();
  const s = useSharedText();
  const { label, description } = MAIL_TYPE_LABELS[type];
  return (
    <li className="flex items-center justify-between gap-4">
      <div className="grid min-w-0 gap-0.5">
        <label htmlFor={id} className="text-sm">
          {s(label)}
        </label>
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
          {s(description)}
        </p>
      </div>
      {checked === undefined ? (
        <Skeleton className="h-5 w-9 shrink-0 rounded-full" aria-hidden="true" />
      ) : (
        <Switch id={id} aria-describedby={`${id}-description`} checked={checked} onCheckedChange={onChange} />
      )}
    </li>
  );
}
