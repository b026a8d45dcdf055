import { Link } from 'react-router';
import { MessagesSquareIcon } from 'lucide-react';
import {
  imageVariantUrl,
  inboxTimeLabel,
  MESSAGING_MESSAGES,
  type ConversationView,
  type MessageType,
} from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { AvatarWithRetry } from '#/components/member/avatar-with-retry';
import { useMe } from '#/lib/session/use-session';
import { formatBadgeCount } from '#/lib/format';
import { intlLocale, sharedText, useSharedText, useT, type Translate } from '#/lib/i18n';
import { cn } from '#/lib/utils';
import { useConversationsQuery } from './api';
import { catalog } from './i18n';
import { shownParticipantName } from './participant-name';
import { OnlineOr } from '#/components/offline-banner';

/** The catalogue ids of the kinds of media a message can be. */
const MEDIA_LABEL_IDS: Partial<Record<MessageType, string>> = {
  image: 'messaging.media.image',
  gif: 'messaging.media.gif',
  video: 'messaging.media.video',
};

/**
 * The inbox line under a name: the text, or what kind of media was sent; 'You: ' before one's own. In the page's
 * language (its caller has loaded the shared texts).
 */
export function lastMessagePreview(conversation: ConversationView, meId: string | null, t: Translate): string {
  const last = conversation.lastMessage;
  if (!last) return sharedText(MESSAGING_MESSAGES.empty);
  const media = MEDIA_LABEL_IDS[last.messageType];
  const text = last.content.trim() ? last.content.trim().replace(/\s+/g, ' ') : media ? t(media) : '';
  return last.senderId === meId ? t('messaging.inbox.ownPreview', { text }) : text;
}

/** Spec 2: the conversations, newest first, with unread counts; used by /inbox and the own profile's tab. */
export function InboxList() {
  const query = useConversationsQuery();
  const meId = useMe()?.user.id ?? null;
  const t = useT(catalog);
  const s = useSharedText();

  if (query.isPending) {
    return (
      <OnlineOr what={t('messaging.inbox.offlineWhat')}>
        <div className="flex justify-center p-8">
          <Spinner className="size-6" label={t('messaging.inbox.loading')} />
        </div>
      </OnlineOr>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center">
        <p className="font-medium">{s(MESSAGING_MESSAGES.loadFailed)}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('messaging.retry')}
        </Button>
      </div>
    );
  }

  const conversations = query.data.pages.flatMap((p) => p.items);
  if (conversations.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center">
        <MessagesSquareIcon aria-hidden="true" className="size-8 text-muted-foreground" />
        <h2 className="text-lg font-semibold">{s(MESSAGING_MESSAGES.noConversations)}</h2>
        <p className="max-w-sm text-sm text-muted-foreground">{s(MESSAGING_MESSAGES.noConversationsHint)}</p>
        <Button asChild variant="outline">
          <Link to="/say-hi">{t('messaging.inbox.sayHi')}</Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-3">
      <ul aria-label={t('messaging.inbox.label')} className="divide-y overflow-hidden rounded-xl border bg-card">
        {conversations.map((c) => (
          <ConversationRow key={c.id} conversation={c} meId={meId} />
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button variant="outline" className="justify-self-center" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? <Spinner /> : null}
          {t('messaging.inbox.loadMore')}
        </Button>
      ) : null}
      {query.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-destructive">
          {s(MESSAGING_MESSAGES.loadFailed)}
        </p>
      ) : null}
    </div>
  );
}

function ConversationRow({ conversation, meId }: { conversation: ConversationView; meId: string | null }) {
  const t = useT(catalog);
  const s = useSharedText();
  const name = shownParticipantName(conversation.member, s);
  const unread = conversation.unreadCount;
  const at = conversation.lastMessage?.createdAt ?? conversation.updatedAt;
  const avatar = imageVariantUrl(conversation.member?.profilePictureUrl ?? null, 'small');
  const unreadId = `unread-${conversation.id}`;
  return (
    <li>
      <Link
        to={`/chat/${conversation.id}`}
        aria-describedby={unread > 0 ? unreadId : undefined}
        className="flex items-center gap-3 p-3 outline-hidden transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset sm:p-4"
      >
        <AvatarWithRetry src={avatar} alt="" className="size-12" />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex items-baseline gap-2">
            <span className={cn('min-w-0 flex-1 truncate', unread > 0 ? 'font-semibold' : 'font-medium')}>{name}</span>
            <time dateTime={at} className={cn('shrink-0 text-xs', unread > 0 ? 'font-semibold text-foreground' : 'text-muted-foreground')}>
              {inboxTimeLabel(at, new Date(), intlLocale())}
            </time>
          </span>
          <span className="flex items-center gap-2">
            <span className={cn('min-w-0 flex-1 truncate text-sm', unread > 0 ? 'font-semibold text-foreground' : 'text-muted-foreground')}>
              {lastMessagePreview(conversation, meId, t)}
            </span>
            {unread > 0 ? (
              <span
                aria-hidden="true"
                className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
              >
                {formatBadgeCount(unread)}
              </span>
            ) : null}
          </span>
        </span>
      </Link>
      {unread > 0 ? (
        <span id={unreadId} className="sr-only">
          {t('messaging.inbox.unread', { count: unread, shown: formatBadgeCount(unread) })}
        </span>
      ) : null}
    </li>
  );
}
