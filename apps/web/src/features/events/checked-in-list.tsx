import type { CheckInListView } from '@bayclub/shared';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { timeInZone } from '#/lib/format';
import { attendeeName, doorPartyLabel } from './event-format';
import { MemberPhoto } from '#/components/member/member-photo';
import { RetryButton } from '#/components/retry-button';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

interface Props {
  query: { data: CheckInListView | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  timeZone: string;
}

/** Who is checked in, newest first; kept current by `event:checkin` (co-hosts at another door). */
export function CheckedInList({ query, timeZone }: Props) {
  const t = useT(catalog);
  if (query.isPending) return <Spinner label={t('events.door.loadingCheckedIn')} />;
  if (query.isError || !query.data)
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p>{t('events.door.checkedInLoadFailed', { error: errorMessage(query.error) })}</p>
        <RetryButton size="sm" onClick={() => void query.refetch()} />
      </div>
    );
  const { items } = query.data;
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{t('events.door.noneCheckedIn')}</p>;
  return (
    <ul className="divide-y" aria-label={t('events.door.checkedIn')}>
      {items.map((item) => (
        <li key={item.registrationId} className="flex items-center gap-3 py-2">
          <MemberPhoto member={item.member} />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">{attendeeName(item.member)}</p>
            <p className="text-sm text-muted-foreground">{doorPartyLabel(item.partySize)}</p>
          </div>
          <time dateTime={item.checkedInAt} className="text-sm tabular-nums text-muted-foreground">
            {timeInZone(item.checkedInAt, timeZone)}
          </time>
        </li>
      ))}
    </ul>
  );
}
