import * as React from 'react';
import { HeartHandshakeIcon, MessageCircleIcon, UserRoundMinusIcon } from 'lucide-react';
import { CONNECTION_MESSAGES, type MatchView } from '@bayclub/shared';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { Button } from '#/components/ui/button';
import { DropdownMenuItem } from '#/components/ui/dropdown-menu';
import { Spinner } from '#/components/ui/spinner';
import { MemberSafetyActions } from '#/features/safety';
import { useMatchesQuery, useOpenChat, useUnmatchMutation } from './api';
import { MemberRow } from '#/components/member/member-row';
import { formatDay } from '#/lib/format';
import { memberName } from '#/lib/member-format';
import { MemberRowList } from '#/components/member/member-row-list';

export const FORBIDDEN_TITLE = 'Connections are for full members';

/** Active matches, newest first: message them, open their profile, or unmatch. */
export function MatchesTab() {
  const query = useMatchesQuery();
  const chat = useOpenChat();
  const unmatch = useUnmatchMutation();
  return (
    <MemberRowList
      query={query}
      label="Matches"
      empty={{ icon: HeartHandshakeIcon, title: CONNECTION_MESSAGES.noMatches, hint: CONNECTION_MESSAGES.noMatchesHint }}
      forbiddenTitle={FORBIDDEN_TITLE}
      getKey={(m) => m.id}
      renderItem={(match) => (
        <MatchRow
          match={match}
          opening={chat.opening === match.member.id}
          onMessage={() => void chat.open({ userId: match.member.id, conversationId: match.conversationId })}
          onUnmatch={() => unmatch.mutate(match)}
        />
      )}
    />
  );
}

interface MatchRowProps {
  match: MatchView;
  opening: boolean;
  onMessage: () => void;
  onUnmatch: () => void;
}

function MatchRow({ match, opening, onMessage, onUnmatch }: MatchRowProps) {
  const [confirming, setConfirming] = React.useState(false);
  const menuRef = React.useRef<HTMLButtonElement>(null);
  const name = memberName(match.member);
  return (
    <>
      <MemberRow
        member={match.member}
        meta={`Matched ${formatDay(match.matchedAt)}`}
        actions={
          <>
            <Button size="sm" aria-label={`Message ${name}`} disabled={opening} onClick={onMessage}>
              {opening ? <Spinner /> : <MessageCircleIcon aria-hidden="true" />}
              Message
            </Button>
            <MemberSafetyActions
              userId={match.member.id}
              name={name}
              {...(match.conversationId ? { conversationId: match.conversationId } : {})}
              triggerRef={menuRef}
              extraItems={
                <DropdownMenuItem onSelect={() => setConfirming(true)}>
                  <UserRoundMinusIcon aria-hidden="true" />
                  Unmatch
                </DropdownMenuItem>
              }
            />
          </>
        }
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        onCloseAutoFocus={(event) => {
          // Opened from the menu: focus goes back to its button (gone with the row after an unmatch).
          event.preventDefault();
          menuRef.current?.focus();
        }}
        title={`Unmatch ${name}?`}
        description="You will no longer be connected, and neither of you can send messages in your chat."
        confirm="Unmatch"
        destructive
        onConfirm={onUnmatch}
      />
    </>
  );
}
