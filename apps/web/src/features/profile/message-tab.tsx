import * as React from 'react';
import { useParams } from 'react-router';
import { LockIcon, MessageCircleIcon, UserRoundIcon, UserRoundXIcon } from 'lucide-react';
import { CONNECTION_MESSAGES, MESSAGING_MESSAGES, PROFILE_VIEW_MESSAGES } from '@bayclub/shared';
import { ChatPanel, InboxList } from '#/features/messaging';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { useCan, useMe } from '#/lib/session/use-session';
import { useRelationshipQuery } from '#/features/connections/api';
import { useConversationQuery, useConversationWithQuery } from '#/features/messaging/api';
import { errorMessage, isApiError } from '#/lib/api';
import { t as translate, useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';

// The inbox and the chat load when the tab is opened, not with the profile (decision 011).


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
  const s = useSharedText();
  return (
    <TabNote icon={LockIcon} title={s(MESSAGING_MESSAGES.notAvailableTitle)}>
      <p className="max-w-sm text-sm text-muted-foreground">{s(MESSAGING_MESSAGES.notAvailableBody)}</p>
    </TabNote>
  );
}

/** A spinner, named by a profile catalogue id. */
function Loading({ labelId }: { labelId: string }) {
  const t = useT(catalog);
  return (
    <div className="flex justify-center p-8">
      <Spinner className="size-6" label={t(labelId)} />
    </div>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT(catalog);
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center">
      <p className="text-sm text-muted-foreground">{errorMessage(error)}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('profile.messages.retry')}
      </Button>
    </div>
  );
}

/** The own profile's Messages tab: the inbox itself (spec 6: only the owner sees it). */
export function OwnMessagesTab() {
  const blocked = useMessagingBlocked();
  const deactivated = useMe()?.profile?.isDeactivated === true;
  const t = useT(catalog);
  if (deactivated) {
    return (
      <TabNote icon={LockIcon} title={t('profile.messages.pausedTitle')}>
        <p className="max-w-sm text-sm text-muted-foreground">{t('profile.messages.pausedText')}</p>
      </TabNote>
    );
  }
  if (blocked) return <MessagingNotAvailable />;
  return (
    <React.Suspense fallback={<Loading labelId="profile.messages.loading" />}>
      <InboxList />
    </React.Suspense>
  );
}

/** The paused tab's title in English, as tests find it (the tab itself shows it in the page's language). */
export const PAUSED_TITLE = translate('profile.messages.pausedTitle');

/**
 * Another member's Message tab: the chat with them once a match is confirmed (spec 4: the conversation is
 * fetched, or created, only then); otherwise why there is none. `userId` defaults to the route's member.
 */
export function MessageTab({ isOwn, name, userId }: { isOwn: boolean; name: string; userId?: string }) {
  const routeUserId = useParams().userId;
  const memberId = userId ?? routeUserId ?? '';
  const blocked = useMessagingBlocked();
  const s = useSharedText();
  if (isOwn) return <TabNote icon={UserRoundIcon} title={s(PROFILE_VIEW_MESSAGES.ownProfile)} />;
  if (blocked) return <MessagingNotAvailable />;
  return <MatchedChat userId={memberId} name={name} />;
}

function NoMatch({ name }: { name: string }) {
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <TabNote icon={MessageCircleIcon} title={s(MESSAGING_MESSAGES.noMatch)}>
      <p className="max-w-sm text-sm text-muted-foreground">{t('profile.messages.noMatchText', { name })}</p>
    </TabNote>
  );
}

function MatchedChat({ userId, name }: { userId: string; name: string }) {
  const relationship = useRelationshipQuery(userId, userId !== '');
  const matched = relationship.data?.matched === true;
  const opened = useConversationWithQuery(userId, matched);
  const s = useSharedText();

  if (relationship.isPending) return <Loading labelId="profile.messages.loadingRelationship" />;
  if (relationship.isError) {
    if (isApiError(relationship.error) && relationship.error.status === 404) {
      return <TabNote icon={UserRoundXIcon} title={s(CONNECTION_MESSAGES.unavailable)} />;
    }
    return <LoadError error={relationship.error} onRetry={() => void relationship.refetch()} />;
  }
  if (!matched) return <NoMatch name={name} />;
  if (opened.isPending) return <Loading labelId="profile.messages.loading" />;
  if (opened.isError) {
    if (isApiError(opened.error) && opened.error.status === 403) return <NoMatch name={name} />;
    return <LoadError error={opened.error} onRetry={() => void opened.refetch()} />;
  }
  return <ConversationBox conversationId={opened.data.id} />;
}

/** The chat in a box of its own height inside the profile page. */
function ConversationBox({ conversationId }: { conversationId: string }) {
  const query = useConversationQuery(conversationId);
  const meId = useMe()?.user.id;
  if (query.isPending || !meId) return <Loading labelId="profile.messages.loading" />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="flex h-[32rem] max-h-[70dvh] flex-col overflow-hidden rounded-xl border bg-card">
      <React.Suspense fallback={<Loading labelId="profile.messages.loading" />}>
        <ChatPanel conversation={query.data} meId={meId} />
      </React.Suspense>
    </div>
  );
}
