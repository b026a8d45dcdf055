import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { CheckIcon, HandIcon, SendIcon, Undo2Icon, XIcon } from 'lucide-react';
import { CONNECTION_MESSAGES, type HelloView, type Page } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { MemberSafetyActions } from '#/features/safety';
import { useAcceptHelloMutation, useDeclineHelloMutation, useHellosQuery, useWithdrawHelloMutation } from './api';
import { FORBIDDEN_TITLE } from './matches-tab';
import { MemberRow } from '#/components/member/member-row';
import { formatDay } from '#/lib/format';
import { useSharedText, useT } from '#/lib/i18n';
import { memberName } from '#/lib/member-format';
import { MemberRowList } from '#/components/member/member-row-list';
import { catalog } from './i18n';

type HelloQuery = UseInfiniteQueryResult<{ pages: Page<HelloView>[] }>;

function Note({ note }: { note: string | null }) {
  if (!note) return null;
  return (
    <blockquote className="mt-1 rounded-md border-l-2 border-primary bg-muted/50 px-3 py-2 text-sm break-words whitespace-pre-line">
      {note}
    </blockquote>
  );
}

/** Pending hellos to the member: Accept makes a match, Decline quietly removes it. */
export function ReceivedTab({ query }: { query: HelloQuery }) {
  const t = useT(catalog);
  const s = useSharedText();
  const accept = useAcceptHelloMutation();
  const decline = useDeclineHelloMutation();
  return (
    <MemberRowList
      query={query}
      label={t('connections.received.title')}
      empty={{ icon: HandIcon, title: s(CONNECTION_MESSAGES.noReceived) }}
      forbiddenTitle={t(FORBIDDEN_TITLE)}
      getKey={(h) => h.id}
      renderItem={(hello) => {
        const name = memberName(hello.member);
        return (
          <MemberRow
            member={hello.member}
            meta={t('connections.received.meta', { date: formatDay(hello.createdAt) })}
            actions={
              <>
                <Button size="sm" aria-label={t('connections.received.acceptName', { name })} onClick={() => accept.mutate(hello)}>
                  <CheckIcon aria-hidden="true" />
                  {t('connections.received.accept')}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={t('connections.received.declineName', { name })}
                  onClick={() => decline.mutate(hello)}
                >
                  <XIcon aria-hidden="true" />
                  {t('connections.received.decline')}
                </Button>
                <MemberSafetyActions userId={hello.member.id} name={name} />
              </>
            }
          >
            <Note note={hello.note} />
          </MemberRow>
        );
      }}
    />
  );
}

/** The member's own pending hellos: Withdraw takes one back. */
export function SentTab() {
  const t = useT(catalog);
  const s = useSharedText();
  const query = useHellosQuery('sent');
  const withdraw = useWithdrawHelloMutation();
  return (
    <MemberRowList
      query={query}
      label={t('connections.sent.title')}
      empty={{ icon: SendIcon, title: s(CONNECTION_MESSAGES.noSent) }}
      forbiddenTitle={t(FORBIDDEN_TITLE)}
      getKey={(h) => h.id}
      renderItem={(hello) => {
        const name = memberName(hello.member);
        return (
          <MemberRow
            member={hello.member}
            meta={t('connections.sent.meta', { date: formatDay(hello.createdAt) })}
            actions={
              <Button
                size="sm"
                variant="outline"
                aria-label={t('connections.sent.withdrawName', { name })}
                onClick={() => withdraw.mutate(hello)}
              >
                <Undo2Icon aria-hidden="true" />
                {t('connections.sent.withdraw')}
              </Button>
            }
          >
            <Note note={hello.note} />
          </MemberRow>
        );
      }}
    />
  );
}
