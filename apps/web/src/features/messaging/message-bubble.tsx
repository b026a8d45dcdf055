import { AlertCircleIcon } from 'lucide-react';
import { attachmentKindOf, clockTime, firstLink, MESSAGING_MESSAGES } from '@bayclub/shared';
import { QUEUED_STATUS_TEXT } from '#/components/queued-sends';
import { Button } from '#/components/ui/button';
import { intlLocale, useSharedText, useT } from '#/lib/i18n';
import { cn } from '#/lib/utils';
import type { ChatRow } from './group-messages';
import { catalog } from './i18n';
import { LinkPreviewCard } from './link-preview-card';
import { MessageMedia, type MediaItem } from './message-media';
import { MessageText } from '#/components/message-text';

interface MessageBubbleProps {
  row: ChatRow;
  own: boolean;
  /** The other member's name, read out before their messages. */
  otherName: string;
  /** The other member has read up to this message (shown under the last own message). */
  seen: boolean;
  retryDisabled: boolean;
  onRetry: (clientId: string) => void;
  /** Drop an unsent message for good (one the server keeps refusing). */
  onDiscard: (clientId: string) => void;
}

function mediaOf(row: ChatRow): MediaItem[] {
  const { entry } = row;
  if (entry.kind === 'sent') {
    return entry.message.mediaUrls.map((url) => ({ key: url, kind: attachmentKindOf(url), url }));
  }
  return entry.message.attachments.map((a) => ({ key: a.key, kind: a.kind, url: a.previewUrl, name: a.file.name }));
}

/** One message: media, text with links, the first link's preview, and under it the time or the send state. */
export function MessageBubble({ row, own, otherName, seen, retryDisabled, onRetry, onDiscard }: MessageBubbleProps) {
  const t = useT(catalog);
  const s = useSharedText();
  const { entry, endsRun } = row;
  const { content, createdAt } = entry.message;
  const failed = entry.kind === 'pending' && entry.message.status === 'failed';
  const link = entry.kind === 'sent' ? firstLink(content) : null;
  const media = mediaOf(row);

  return (
    <li className={cn('flex flex-col gap-1', own ? 'items-end' : 'items-start', endsRun ? 'mb-3' : 'mb-0.5')}>
      <div
        className={cn(
          'max-w-[85%] min-w-0 space-y-1 rounded-2xl px-3 py-2 text-sm sm:max-w-[70%]',
          own ? 'rounded-br-md bg-primary text-primary-foreground' : 'rounded-bl-md bg-muted text-foreground',
          media.length > 0 && 'p-1.5',
          failed && 'ring-2 ring-destructive',
        )}
      >
        <span className="sr-only">{own ? t('messaging.bubble.fromYou') : t('messaging.bubble.from', { name: otherName })}</span>
        <MessageMedia items={media} />
        {content ? (
          <div className={cn(media.length > 0 && 'px-1.5 pb-0.5')}>
            <MessageText content={content} />
          </div>
        ) : null}
        {link && entry.kind === 'sent' ? <LinkPreviewCard messageId={entry.message.id} link={link} /> : null}
      </div>
      {entry.kind === 'pending' ? (
        failed ? (
          <span className="flex items-center gap-1 text-xs text-destructive">
            <AlertCircleIcon aria-hidden="true" className="size-3.5" />
            {s(MESSAGING_MESSAGES.failed)}
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0 text-xs"
              disabled={retryDisabled}
              onClick={() => onRetry(entry.message.clientId)}
            >
              {s(MESSAGING_MESSAGES.retry)}
            </Button>
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0 text-xs text-muted-foreground"
              aria-label={t('messaging.bubble.removeUnsent')}
              onClick={() => onDiscard(entry.message.clientId)}
            >
              {t('messaging.bubble.remove')}
            </Button>
          </span>
        ) : (
          <span className="text-xs text-muted-foreground">
            {entry.message.status === 'waiting' ? QUEUED_STATUS_TEXT.waiting : s(MESSAGING_MESSAGES.sending)}
          </span>
        )
      ) : endsRun || seen ? (
        <span className="text-xs text-muted-foreground">
          {endsRun ? <time dateTime={createdAt}>{clockTime(new Date(createdAt), intlLocale())}</time> : null}
          {endsRun && seen ? ' · ' : null}
          {seen ? t('messaging.bubble.seen') : null}
        </span>
      ) : null}
    </li>
  );
}
