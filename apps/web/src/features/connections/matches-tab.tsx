import * as React from 'react';
import { HeartHandshakeIcon, MessageCircleIcon, UserRoundMinusIcon } from 'lucide-react';
import { CONNECTION_MESSAGES, type MatchView } from '@bayclub/shared';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#/components/ui/alert-dialog';
import { Button } from '#/components/ui/button';
import { DropdownMenuItem } from '#/components/ui/dropdown-menu';
import { Spinner } from '#/components/ui/spinner';
import { MemberSafetyActions } from '#/features/safety/member-safety-actions';
import { useMatchesQuery, useOpenChat, useUnmatchMutation } from './api';
import { formatDay, memberName, MemberRow } from './member-row';
import { PagedList } from './paged-list';

export const FORBIDDEN_TITLE = 'Connections are for full members';

/** Active matches, newest first: message them, open their profile, or unmatch. */
export function MatchesTab() {
  const query = useMatchesQuery();
  const chat = useOpenChat();
  const unmatch = useUnmatchMutation();
  const [confirming, setConfirming] = React.useState<MatchView | null>(null);

  return (
    <>
      <PagedList
        query={query}
        label="Matches"
        empty={{ icon: HeartHandshakeIcon, title: CONNECTION_MESSAGES.noMatches, hint: CONNECTION_MESSAGES.noMatchesHint }}
        forbiddenTitle={FORBIDDEN_TITLE}
        getKey={(m) => m.id}
        renderItem={(match) => {
          const name = memberName(match.member);
          const opening = chat.opening === match.member.id;
          return (
            <MemberRow
              member={match.member}
              meta={`Matched ${formatDay(match.matchedAt)}`}
              actions={
                <>
                  <Button
                    size="sm"
                    aria-label={`Message ${name}`}
                    disabled={opening}
                    onClick={() => void chat.open({ userId: match.member.id, conversationId: match.conversationId })}
                  >
                    {opening ? <Spinner /> : <MessageCircleIcon aria-hidden="true" />}
                    Message
                  </Button>
                  <MemberSafetyActions
                    userId={match.member.id}
                    name={name}
                    {...(match.conversationId ? { conversationId: match.conversationId } : {})}
                    extraItems={
                      <DropdownMenuItem onSelect={() => setConfirming(match)}>
                        <UserRoundMinusIcon aria-hidden="true" />
                        Unmatch
                      </DropdownMenuItem>
                    }
                  />
                </>
              }
            />
          );
        }}
      />
      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Unmatch {confirming ? memberName(confirming.member) : ''}?</AlertDialogTitle>
            <AlertDialogDescription>
              You will no longer be connected, and neither of you can send messages in your chat.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() => {
                if (confirming) unmatch.mutate(confirming);
              }}
            >
              Unmatch
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
