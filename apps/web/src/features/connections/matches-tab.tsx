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
import { useSharedText, useT } from '#/lib/i18n';
import { memberName } from '#/lib/member-format';
import { MemberRowList } from '#/components/member/member-row-list';
import { catalog } from './i18n';

/** What a 403 means on these lists (a catalogue id: the component translates it). */
export const FORBIDDEN_TITLE = 'connections.forbidden';

/** Active matches, newest first: message them, open their profile, or unmatch. */
export function MatchesTab() {
  const t = useT(catalog);
  const s = useSharedText();
  const query = useMatchesQuery();
  const chat = useOpenChat();
  const unmatch = useUnmatchMutation();
  return (
    <MemberRowList
      query={query}
      label={t('connections.tabs.matches')}
      empty={{ icon: HeartHandshakeIcon, title: s(CONNECTION_MESSAGES.noMatches), hint: s(CONNECTION_MESSAGES.noMatchesHint) }}
      forbiddenTitle={t(FORBIDDEN_TITLE)}
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
  const t = useT(catalog);
  const [confirming, setConfirming] = React.useState(false);
  const menuRef = React.useRef<HTMLButtonElement>(null);
  const name = memberName(match.member);
  return (
    <>
      <MemberRow
        member={match.member}
        meta={t('connections.matches.meta', { date: formatDay(match.matchedAt) })}
        actions={
          <>
            <Button size="sm" aria-label={t('connections.matches.messageName', { name })} disabled={opening} onClick={onMessage}>
              {opening ? <Spinner /> : <MessageCircleIcon aria-hidden="true" />}
              {t('connections.matches.message')}
            </Button>
            <MemberSafetyActions
              userId={match.member.id}
              name={name}
              {...(match.conversationId ? { conversationId: match.conversationId } : {})}
              triggerRef={menuRef}
              extraItems={
                <DropdownMenuItem onSelect={() => setConfirming(true)}>
                  <UserRoundMinusIcon aria-hidden="true" />
                  {t('connections.matches.unmatch')}
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
        title={t('connections.matches.unmatchTitle', { name })}
        description={t('connections.matches.unmatchDescription')}
        confirm={t('connections.matches.unmatch')}
        destructive
        onConfirm={onUnmatch}
      />
    </>
  );
}
