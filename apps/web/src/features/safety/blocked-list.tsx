import { ShieldCheckIcon } from 'lucide-react';
import { SAFETY_MESSAGES } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { MemberRow } from '#/components/member/member-row';
import { formatDay } from '#/lib/format';
import { memberName } from '#/lib/member-format';
import { useSharedText, useT } from '#/lib/i18n';
import { MemberRowList } from '#/components/member/member-row-list';
import { useBlocksQuery, useUnblockMutation } from './api';
import { catalog } from './i18n';

/** The members the viewer blocked, with Unblock (their match is not restored). */
export function BlockedList() {
  const query = useBlocksQuery();
  const unblock = useUnblockMutation();
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <MemberRowList
      query={query}
      label={t('safety.blocked.label')}
      empty={{ icon: ShieldCheckIcon, title: s(SAFETY_MESSAGES.noBlocked) }}
      forbiddenTitle={t('safety.blocked.forbidden')}
      getKey={(b) => b.member.id}
      renderItem={(blocked) => {
        const name = memberName(blocked.member);
        return (
          <MemberRow
            member={blocked.member}
            linkProfile={false}
            meta={t('safety.blocked.since', { date: formatDay(blocked.blockedAt) })}
            actions={
              <Button size="sm" variant="outline" aria-label={t('safety.unblock.label', { name })} onClick={() => unblock.mutate(blocked.member.id)}>
                {t('safety.unblock')}
              </Button>
            }
          />
        );
      }}
    />
  );
}
