import { MessageCircleIcon, PartyPopperIcon } from 'lucide-react';
import { CONNECTION_MESSAGES, imageVariantUrl, type MatchView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { Spinner } from '#/components/ui/spinner';
import { AvatarWithRetry } from '#/components/member/avatar-with-retry';
import { useOpenChat } from '#/features/connections/api';
import { useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';

interface MatchDialogProps {
  /** The new match; the dialog is open while it is set. */
  match: MatchView | null;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** The match moment: both said hi. Straight to the chat, or back to the deck. */
export function MatchDialog({ match, onOpenChange, onCloseAutoFocus }: MatchDialogProps) {
  const t = useT(catalog);
  const s = useSharedText();
  const chat = useOpenChat();
  const name = match?.member.fullName || t('say-hi.thisMember');
  const opening = match !== null && chat.opening === match.member.id;

  const handleMessage = async () => {
    if (!match) return;
    const opened = await chat.open({ userId: match.member.id, conversationId: match.conversationId });
    if (opened) onOpenChange(false);
  };

  return (
    <Dialog open={match !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader className="items-center text-center sm:text-center">
          <PartyPopperIcon aria-hidden="true" className="size-8 text-primary" />
          <DialogTitle>{t('say-hi.match.title', { name })}</DialogTitle>
          <DialogDescription>{s(CONNECTION_MESSAGES.matched)}</DialogDescription>
        </DialogHeader>
        {match && (
          <AvatarWithRetry
            src={imageVariantUrl(match.member.profilePictureUrl, 'medium')}
            alt={t('say-hi.photoOf', { name })}
            className="size-24 justify-self-center ring-2 ring-primary/40"
          />
        )}
        <DialogFooter className="sm:justify-center">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('say-hi.match.keepBrowsing')}
          </Button>
          <Button onClick={() => void handleMessage()} disabled={opening}>
            {opening ? <Spinner /> : <MessageCircleIcon aria-hidden="true" />}
            {t('say-hi.match.message')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
