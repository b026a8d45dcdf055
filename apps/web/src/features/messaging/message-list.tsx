import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDownIcon } from 'lucide-react';
import { MESSAGING_MESSAGES, type ConversationView, type MessageView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { useSharedText, useT } from '#/lib/i18n';
import { loadOlderMessages } from './api';
import type { MessageCache } from './cache';
import { groupByDay, type ChatEntry } from './group-messages';
import { catalog } from './i18n';
import { MessageBubble } from './message-bubble';

/** Closer than this to the bottom counts as "at the bottom" (new messages keep it there). */
const BOTTOM_SLACK = 64;
/** Closer than this to the top loads the earlier page. */
const TOP_SLACK = 80;

interface MessageListProps {
  conversation: ConversationView;
  cache: MessageCache;
  entries: ChatEntry[];
  meId: string;
  otherName: string;
  retryDisabled: boolean;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
}

/** The last own message the other member has read, for 'Seen'. */
function seenMessageId(items: readonly MessageView[], meId: string, otherLastReadSeq: number): string | null {
  for (let i = items.length - 1; i >= 0; i--) {
    const m = items[i]!;
    if (m.senderId === meId) return m.seq <= otherLastReadSeq ? m.id : null;
  }
  return null;
}

/**
 * The scrolling message log: earlier pages on scroll-up (the view stays where it was), sticks to the bottom
 * while the reader is there, and offers 'New messages' when something arrives while they read further up.
 */
export function MessageList({ conversation, cache, entries, meId, otherName, retryDisabled, onRetry, onDiscard }: MessageListProps) {
  const t = useT(catalog);
  const s = useSharedText(); // also the day headings (groupByDay)
  const queryClient = useQueryClient();
  const scroller = React.useRef<HTMLDivElement>(null);
  const atBottom = React.useRef(true);
  const previous = React.useRef<{ first: string | null; last: string | null; height: number } | null>(null);
  const [showJump, setShowJump] = React.useState(false);
  const [older, setOlder] = React.useState<'idle' | 'loading' | 'failed'>('idle');

  const scrollToBottom = React.useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setShowJump(false);
  }, []);

  const loadOlder = () => {
    if (older === 'loading' || !cache.hasMore) return;
    setOlder('loading');
    loadOlderMessages(queryClient, conversation.id).then(
      () => setOlder('idle'),
      () => setOlder('failed'),
    );
  };

  const handleScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK;
    if (atBottom.current) setShowJump(false);
    if (el.scrollTop < TOP_SLACK && older === 'idle') loadOlder();
  };

  // Photos and videos get their height when they load: a reader at the bottom stays at the bottom.
  React.useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const keepAtBottom = () => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
    };
    // load and loadedmetadata do not bubble; the capture phase still passes through the scroller.
    el.addEventListener('load', keepAtBottom, true);
    el.addEventListener('loadedmetadata', keepAtBottom, true);
    return () => {
      el.removeEventListener('load', keepAtBottom, true);
      el.removeEventListener('loadedmetadata', keepAtBottom, true);
    };
  }, []);

  const first = entries[0]?.key ?? null;
  const lastEntry = entries[entries.length - 1];
  const last = lastEntry?.key ?? null;
  const lastIsOwn = lastEntry?.message.senderId === meId;

  // Before paint, so the reader never sees the jump.
  React.useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const prev = previous.current;
    if (!prev) {
      el.scrollTop = el.scrollHeight;
    } else if (first !== prev.first && last === prev.last) {
      // Earlier messages went in above: keep the same message under the reader's eyes.
      el.scrollTop += el.scrollHeight - prev.height;
    } else if (last !== prev.last) {
      if (atBottom.current || lastIsOwn) scrollToBottom();
      else setShowJump(true);
    }
    previous.current = { first, last, height: el.scrollHeight };
  }, [first, last, lastIsOwn, scrollToBottom]);

  const seenId = seenMessageId(cache.items, meId, conversation.otherLastReadSeq);
  const days = groupByDay(entries);

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        onScroll={handleScroll}
        role="log"
        aria-label={t('messaging.list.label')}
        aria-busy={older === 'loading'}
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset sm:px-4"
      >
        {cache.hasMore ? (
          <div className="mb-4 flex flex-col items-center gap-1">
            <Button variant="outline" size="sm" disabled={older === 'loading'} onClick={loadOlder}>
              {older === 'loading' ? <Spinner /> : null}
              {t('messaging.list.loadEarlier')}
            </Button>
            {older === 'failed' ? (
              <p role="alert" className="text-xs text-destructive">
                {s(MESSAGING_MESSAGES.loadMessagesFailed)}
              </p>
            ) : null}
          </div>
        ) : null}
        {entries.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">{s(MESSAGING_MESSAGES.empty)}</p>
        ) : (
          days.map((day) => (
            <section key={day.key} aria-labelledby={`day-${day.key}`}>
              <h2 id={`day-${day.key}`} className="my-3 text-center text-xs font-medium text-muted-foreground">
                {day.label}
              </h2>
              <ol className="flex flex-col">
                {day.rows.map((row) => {
                  const own = row.entry.message.senderId === meId;
                  return (
                    <MessageBubble
                      key={row.entry.key}
                      row={row}
                      own={own}
                      otherName={otherName}
                      seen={row.entry.kind === 'sent' && row.entry.message.id === seenId}
                      retryDisabled={retryDisabled}
                      onRetry={onRetry}
                      onDiscard={onDiscard}
                    />
                  );
                })}
              </ol>
            </section>
          ))
        )}
      </div>
      {showJump ? (
        <Button size="sm" className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full shadow-md" onClick={scrollToBottom}>
          <ArrowDownIcon aria-hidden="true" />
          {t('messaging.list.newMessages')}
        </Button>
      ) : null}
    </div>
  );
}
