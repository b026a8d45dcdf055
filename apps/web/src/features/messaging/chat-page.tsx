import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon, MessageSquareOffIcon } from 'lucide-react';
import { imageVariantUrl, MESSAGING_MESSAGES, type ConversationView } from '@bayclub/shared';
import { PageSpinner } from '#/components/page-spinner';
import { Button } from '#/components/ui/button';
import { useMe } from '#/lib/session/use-session';
import { AvatarWithRetry } from '#/components/member/avatar-with-retry';
import { MemberSafetyActions } from '#/features/safety';
import { errorMessage, isApiError } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { messagingKeys, useConversationQuery } from './api';
import { ChatPanel } from './chat-panel';
import { catalog } from './i18n';
import { shownParticipantName } from './participant-name';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The page fills the screen: its header is the only one (the layout shows no top bar in a chat), and below the
 * 768 px breakpoint the bottom tabs take 5rem.
 */
const FULL_HEIGHT = 'h-[calc(100dvh-5rem)] md:h-dvh';

/** '/chat/:conversationId': one conversation, full height, the composer at the bottom. */
export function ChatPage() {
  const conversationId = useParams().conversationId ?? '';
  // Ids are UUIDs: anything else is not a conversation, and never reaches the server.
  if (!UUID.test(conversationId)) return <NotAvailable />;
  return <ChatPageFor key={conversationId} conversationId={conversationId} />;
}

function ChatPageFor({ conversationId }: { conversationId: string }) {
  const query = useConversationQuery(conversationId);
  const meId = useMe()?.user.id;
  const t = useT(catalog);

  if (query.isPending || !meId) return <PageSpinner />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotAvailable />;
    return (
      <section role="alert" className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
        <h1 className="text-xl font-semibold">{t('messaging.chat.loadFailed')}</h1>
        <p className="text-muted-foreground">{errorMessage(query.error)}</p>
        <Button onClick={() => void query.refetch()}>{t('messaging.chat.tryAgain')}</Button>
      </section>
    );
  }
  return (
    <div className={`mx-auto flex w-full max-w-3xl flex-col md:border-x ${FULL_HEIGHT}`}>
      <ChatHeader conversation={query.data} />
      <ChatPanel conversation={query.data} meId={meId} />
    </div>
  );
}

function ChatHeader({ conversation }: { conversation: ConversationView }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const t = useT(catalog);
  const s = useSharedText();
  const { member } = conversation;
  const name = shownParticipantName(member, s);
  const avatar = <AvatarWithRetry src={imageVariantUrl(member?.profilePictureUrl ?? null, 'small')} alt="" className="size-9" />;

  // Blocked members disappear from each other's inbox: leave the chat, and drop it from the cached list.
  const handleBlocked = () => {
    queryClient.removeQueries({ queryKey: messagingKeys.conversation(conversation.id) });
    queryClient.removeQueries({ queryKey: messagingKeys.messages(conversation.id) });
    void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
    void queryClient.invalidateQueries({ queryKey: messagingKeys.unreadCount });
    void navigate('/inbox', { replace: true });
  };

  return (
    <header className="flex items-center gap-2 border-b bg-background px-2 py-2 sm:px-3">
      <Button asChild variant="ghost" size="icon">
        <Link to="/inbox" aria-label={t('messaging.chat.back')}>
          <ArrowLeftIcon aria-hidden="true" />
        </Link>
      </Button>
      <h1 className="min-w-0 flex-1 text-base font-semibold">
        {member ? (
          <Link
            to={`/view-profile/${encodeURIComponent(member.id)}`}
            className="flex min-w-0 items-center gap-3 rounded-md outline-hidden hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {avatar}
            <span className="truncate">{name}</span>
          </Link>
        ) : (
          <span className="flex min-w-0 items-center gap-3">
            {avatar}
            <span className="truncate">{name}</span>
          </span>
        )}
      </h1>
      {member ? <MemberSafetyActions userId={member.id} name={name} conversationId={conversation.id} onBlocked={handleBlocked} /> : null}
    </header>
  );
}

function NotAvailable() {
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <section className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-3 px-4 py-16 text-center">
      <MessageSquareOffIcon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-xl font-semibold">{s(MESSAGING_MESSAGES.notFound)}</h1>
      <Button asChild variant="outline">
        <Link to="/inbox">{t('messaging.chat.back')}</Link>
      </Button>
    </section>
  );
}
