import * as React from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { CheckIcon, HandHeartIcon, MessageCircleIcon, SendIcon, Undo2Icon } from 'lucide-react';
import {
  CONNECTION_MESSAGES,
  LIMITS,
  MESSAGING_MESSAGES,
  accessLevel,
  type RelationshipView,
  type SayHiResult,
} from '@bayclub/shared';
import { SayHiDialog } from '#/features/say-hi';
import { Button } from '#/components/ui/button';
import { DropdownMenuItem } from '#/components/ui/dropdown-menu';
import { Spinner } from '#/components/ui/spinner';
import { OnceOpened } from '#/components/once-opened';
import { useCan, useMe } from '#/lib/session/use-session';
import { MemberSafetyActions } from '#/features/safety';
import { useUnblockMutation } from '#/features/safety/api';
import { isDailyLimit, useSayHiMutation } from '#/features/say-hi/api';
import {
  useAcceptHelloMutation,
  useConnectionsRealtime,
  useOpenChat,
  useRelationshipQuery,
  useWithdrawHelloMutation,
} from '#/features/connections/api';
import { useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';

interface ProfileActionsProps {
  userId: string;
  name: string;
}

/**
 * The actions on another member's profile, from how the viewer stands with them: Say Hi / Hi sent / Accept hi
 * (full members only), Message (enabled once matched), and the Block / Report menu.
 */
export function ProfileActions({ userId, name }: ProfileActionsProps) {
  useConnectionsRealtime();
  const me = useMe();
  const isFull = accessLevel(me?.profile ?? null) === 'full_platform';
  const canMessage = useCan('message');
  const relationship = useRelationshipQuery(userId);
  const navigate = useNavigate();
  const chat = useOpenChat();
  const withdraw = useWithdrawHelloMutation();
  const [limitReached, setLimitReached] = React.useState(false);
  const descriptionId = React.useId();
  const t = useT(catalog);
  const s = useSharedText();
  const r = relationship.data;

  const handleBlocked = () => {
    // The profile is a 404 to the viewer from now on.
    void navigate(isFull ? '/connections?tab=blocked' : '/profile', { replace: true });
  };

  if (r?.blocked) return <BlockedActions userId={userId} name={name} />;

  const matched = r?.matched ?? false;
  const messageEnabled = matched && canMessage;
  const description = limitReached
    ? t('profile.actions.dailyLimit', { max: LIMITS.hellosPerDay })
    : !r || messageEnabled
      ? null
      : !canMessage
        ? s(MESSAGING_MESSAGES.notAvailableTitle)
        : s(MESSAGING_MESSAGES.noMatch);
  const opening = chat.opening === userId;
  const helloSentId = r?.helloSent === 'pending' ? (r.helloSentId ?? null) : null;

  return (
    <div className="grid justify-items-center gap-1 sm:justify-items-end">
      <div className="flex flex-wrap items-center justify-center gap-2">
        {isFull && r && !matched && (
          <HelloAction relationship={r} name={name} limitReached={limitReached} onDailyLimit={() => setLimitReached(true)} describedBy={limitReached ? descriptionId : undefined} />
        )}
        <Button
          variant={matched ? 'default' : 'outline'}
          disabled={!messageEnabled || opening}
          aria-describedby={description && !limitReached ? descriptionId : undefined}
          onClick={() => void chat.open({ userId, conversationId: r?.conversationId })}
        >
          {opening ? <Spinner /> : <MessageCircleIcon aria-hidden="true" />}
          {t('profile.actions.message')}
        </Button>
        <MemberSafetyActions
          userId={userId}
          name={name}
          onBlocked={handleBlocked}
          extraItems={
            helloSentId ? (
              <DropdownMenuItem onSelect={() => withdraw.mutate({ id: helloSentId })}>
                <Undo2Icon aria-hidden="true" />
                {t('profile.actions.withdrawHi')}
              </DropdownMenuItem>
            ) : undefined
          }
        />
      </div>
      {description && (
        <p id={descriptionId} className="max-w-xs text-center text-xs text-muted-foreground sm:text-right">
          {description}
        </p>
      )}
    </div>
  );
}

interface HelloActionProps {
  relationship: RelationshipView;
  name: string;
  limitReached: boolean;
  onDailyLimit: () => void;
  describedBy: string | undefined;
}

/** Say Hi, Hi sent (also after a quiet decline: the sender is never told), or Accept hi. */
function HelloAction({ relationship: r, name, limitReached, onDailyLimit, describedBy }: HelloActionProps) {
  const [open, setOpen] = React.useState(false);
  const accept = useAcceptHelloMutation();
  const sayBack = useSayHiMutation();
  const t = useT(catalog);
  const s = useSharedText();

  const handleSent = (result: SayHiResult) => {
    toast.success(s(result.status === 'matched' ? CONNECTION_MESSAGES.matched : CONNECTION_MESSAGES.helloSent));
  };

  if (r.helloReceived === 'pending') {
    const pending = accept.isPending || sayBack.isPending;
    const handleAccept = () => {
      if (r.helloReceivedId) {
        accept.mutate({ id: r.helloReceivedId });
        return;
      }
      // Without the hello's id, saying hi back makes the match just the same.
      sayBack.mutate(
        { userId: r.userId },
        {
          onSuccess: handleSent,
          onError: (error) => {
            if (isDailyLimit(error)) onDailyLimit();
            else toast.error(error.message);
          },
        },
      );
    };
    return (
      <Button onClick={handleAccept} disabled={pending}>
        {pending ? <Spinner /> : <CheckIcon aria-hidden="true" />}
        {t('profile.actions.acceptHi')}
      </Button>
    );
  }

  if (r.helloSent === 'pending' || r.helloSent === 'declined') {
    return (
      <Button variant="secondary" disabled>
        <SendIcon aria-hidden="true" />
        {t('profile.actions.hiSent')}
      </Button>
    );
  }

  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={limitReached} aria-describedby={describedBy}>
        <HandHeartIcon aria-hidden="true" />
        {t('profile.actions.sayHi')}
      </Button>
      <OnceOpened open={open}>
        <SayHiDialog
          member={open ? { id: r.userId, name } : null}
          onOpenChange={setOpen}
          onSent={handleSent}
          onDailyLimit={onDailyLimit}
        />
      </OnceOpened>
    </>
  );
}

/** The viewer blocked this member (normally the profile is then hidden): offer Unblock. */
function BlockedActions({ userId, name }: ProfileActionsProps) {
  const unblock = useUnblockMutation();
  const t = useT(catalog);
  return (
    <Button
      variant="outline"
      disabled={unblock.isPending}
      onClick={() => unblock.mutate(userId)}
      aria-label={t('profile.actions.unblockLabel', { name })}
    >
      {unblock.isPending && <Spinner />}
      {t('profile.actions.unblock')}
    </Button>
  );
}
