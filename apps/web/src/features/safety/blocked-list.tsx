import { ShieldCheckIcon } from 'lucide-react';
import { SAFETY_MESSAGES } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { formatDay, memberName, MemberRow } from '#/features/connections/member-row';
import { PagedList } from '#/features/connections/paged-list';
import { useBlocksQuery, useUnblockMutation } from './api';

/** The members the viewer blocked, with Unblock (their match is not restored). */
export function BlockedList() {
  const query = useBlocksQuery();
  const unblock = useUnblockMutation();
  return (
    <PagedList
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
