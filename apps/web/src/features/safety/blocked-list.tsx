import { ShieldCheckIcon } from 'lucide-react';
import { SAFETY_MESSAGES } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { MemberRow } from '#/components/member/member-row';
import { formatDay } from '#/lib/format';
import { memberName } from '#/lib/member-format';
import { MemberRowList } from '#/components/member/member-row-list';
import { useBlocksQuery, useUnblockMutation } from './api';

/** The members the viewer blocked, with Unblock (their match is not restored). */
export function BlockedList() {
  const query = useBlocksQuery();
  const unblock = useUnblockMutation();
  return (
    <MemberRowList
      query={query}
      label="Blocked members"
      empty={{ icon: ShieldCheckIcon, title: SAFETY_MESSAGES.noBlocked }}
      forbiddenTitle="Blocking is for members"
      getKey={(b) => b.member.id}
      renderItem={(blocked) => {
        const name = memberName(blocked.member);
        return (
          <MemberRow
            member={blocked.member}
            linkProfile={false}
            meta={`Blocked ${formatDay(blocked.blockedAt)}`}
            actions={
              <Button size="sm" variant="outline" aria-label={`Unblock ${name}`} onClick={() => unblock.mutate(blocked.member.id)}>
                Unblock
              </Button>
            }
          />
        );
      }}
    />
  );
}
