import type * as React from 'react';
import { Link } from 'react-router';
import { LockIcon, MessageCircleIcon, UserRoundIcon } from 'lucide-react';
import { PROFILE_VIEW_MESSAGES } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { useCan, useMe } from '#/features/auth/use-session';

// Spec 2 (messaging panel). Messaging itself is issue 4: these belong in packages/shared once it lands.
export const MESSAGING_MESSAGES = {
  unavailableTitle: 'Messaging Not Available',
  unavailableText:
    'Direct messaging is only available to full platform members. Upgrade to full access to unlock messaging features.',
  soon: 'Messaging arrives soon',
} as const;

/** A community_only member without the `message` flag cannot message anyone. */
export function useMessagingBlocked(): boolean {
  const me = useMe();
  const canMessage = useCan('message');
  return me?.profile?.accountType === 'community_only' && !canMessage;
}

function TabNote({ icon: Icon, title, children }: { icon: typeof LockIcon; title: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center">
      <Icon aria-hidden="true" className="size-8 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </div>
  );
}

function MessagingNotAvailable() {
  return (
    <TabNote icon={LockIcon} title={MESSAGING_MESSAGES.unavailableTitle}>
      <p className="max-w-sm text-sm text-muted-foreground">{MESSAGING_MESSAGES.unavailableText}</p>
    </TabNote>
  );
}

/** The own profile's Messages tab: conversations live in the inbox. */
export function OwnMessagesTab() {
  const blocked = useMessagingBlocked();
  if (blocked) return <MessagingNotAvailable />;
  return (
    <TabNote icon={MessageCircleIcon} title="Your messages">
      <p className="max-w-sm text-sm text-muted-foreground">
        Your conversations with the members you have matched with are in your inbox.
      </p>
      <Button asChild variant="outline">
        <Link to="/inbox">Open inbox</Link>
      </Button>
    </TabNote>
  );
}

/** Another member's Message tab. */
export function MessageTab({ isOwn, name }: { isOwn: boolean; name: string }) {
  const blocked = useMessagingBlocked();
  if (isOwn) return <TabNote icon={UserRoundIcon} title={PROFILE_VIEW_MESSAGES.ownProfile} />;
  if (blocked) return <MessagingNotAvailable />;
  return (
    <TabNote icon={MessageCircleIcon} title={MESSAGING_MESSAGES.soon}>
      <p className="max-w-sm text-sm text-muted-foreground">
        Once you and {name} have matched, you will be able to send messages here.
      </p>
    </TabNote>
  );
}
