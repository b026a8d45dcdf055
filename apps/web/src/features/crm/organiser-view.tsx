import * as React from 'react';
import { CRM_MESSAGES, type CrmAccessView } from '@bayclub/shared';
import { LoadMore } from '#/components/load-more';
import { Button } from '#/components/ui/button';
import { NativeSelect } from '#/components/ui/native-select';
import { Skeleton } from '#/components/ui/skeleton';
import { errorMessage } from '#/lib/api';
import { formatDay } from '#/lib/format';
import { useSharedText, useT } from '#/lib/i18n';
import { useCrmCommunityQuery } from './api';
import { catalog } from './i18n';
import { MemberCardSheet } from './member-card';

/** A community organiser's view of the communities they run: members with their attendance, join requests, events. */
export function OrganiserView({ access }: { access: CrmAccessView }) {
  const t = useT(catalog);
  const s = useSharedText();
  const [id, setId] = React.useState<string | null>(access.communities[0]?.id ?? null);
  // The member whose card is open: their timeline in this organiser's communities (never notes, tags or email).
  const [openMember, setOpenMember] = React.useState<string | null>(null);
  const query = useCrmCommunityQuery(id);
  const first = query.data?.pages[0];
  const members = query.data?.pages.flatMap((p) => p.members) ?? [];
  if (access.communities.length === 0) return <p className="text-sm text-muted-foreground">{t('crm.organiser.none')}</p>;
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      {access.communities.length > 1 && (
        <label className="grid max-w-sm gap-1 text-sm font-medium">
          {t('crm.filters.community')}
          <NativeSelect value={id ?? ''} onChange={(e) => setId(e.target.value)}>
            {access.communities.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </label>
      )}
      {query.isPending ? (
        <Skeleton className="h-40" />
      ) : query.isError ? (
        <div role="alert" className="grid justify-items-start gap-2">
          <p>{errorMessage(query.error, s(CRM_MESSAGES.loadError))}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('crm.common.retry')}
          </Button>
        </div>
      ) : !first ? null : (
        <>
          <h2 className="text-lg font-semibold">{first.community.name}</h2>
          <section aria-labelledby="org-members" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
            <h3 id="org-members" className="font-semibold">
              {t('crm.organiser.members', { count: first.community.memberCount })}
            </h3>
            <div className="relative overflow-x-auto rounded-xl border" role="region" aria-label={t('crm.table.label')} tabIndex={0}>
              <table className="w-full text-sm">
                <caption className="sr-only">{t('crm.organiser.caption')}</caption>
                <thead className="bg-muted/50 text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-3 py-2 text-left font-medium">{t('crm.column.name')}</th>
                    <th scope="col" className="px-3 py-2 text-left font-medium">{t('crm.organiser.role')}</th>
                    <th scope="col" className="px-3 py-2 text-left font-medium">{t('crm.column.joined')}</th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">{t('crm.column.rsvps')}</th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">{t('crm.column.attended')}</th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">{t('crm.column.noShows')}</th>
                  </tr>
                </thead>
                <tbody>
                  {members.map((m) => (
                    <tr key={m.id} className="border-t">
                      <td className="px-3 py-2">
                        <Button variant="link" className="h-auto p-0 text-left font-medium" onClick={() => setOpenMember(m.id)}>
                          {m.name ?? m.username ?? t('crm.member')}
                        </Button>
                      </td>
                      <td className="px-3 py-2 capitalize">{t('crm.organiser.roleName', { role: m.role })}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{formatDay(m.joinedAt)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{m.rsvps}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{m.attended}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{m.noShows}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <LoadMore
              auto={false}
              hasNextPage={!!query.hasNextPage}
              isFetchingNextPage={query.isFetchingNextPage}
              isFetchNextPageError={query.isFetchNextPageError}
              error={query.error}
              fetchNextPage={query.fetchNextPage}
            />
          </section>
          <section aria-labelledby="org-requests" className="grid gap-2">
            <h3 id="org-requests" className="font-semibold">
              {t('crm.organiser.requests', { count: first.community.pendingCount })}
            </h3>
            {first.requests.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('crm.organiser.noRequests')}</p>
            ) : (
              <ul className="grid gap-1 text-sm">
                {first.requests.map((r) => (
                  <li key={r.id}>
                    {r.name ?? r.username ?? t('crm.member')}{' '}
                    <span className="text-muted-foreground">{t('crm.organiser.asked', { date: formatDay(r.requestedAt) })}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="org-events" className="grid gap-2">
            <h3 id="org-events" className="font-semibold">
              {t('crm.organiser.events')}
            </h3>
            {first.events.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('crm.organiser.noEvents')}</p>
            ) : (
              <ul className="grid gap-2 text-sm">
                {first.events.map((e) => (
                  <li key={e.id} className="rounded-lg border p-2">
                    <p className="font-medium">
                      {e.title} {e.cancelled && <span className="text-muted-foreground">{t('crm.organiser.cancelled')}</span>}
                    </p>
                    <p className="text-muted-foreground">
                      {formatDay(e.startsAt)} ·{' '}
                      {t('crm.organiser.eventFigures', { going: e.going, attended: e.attended, noShows: e.noShows })}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <MemberCardSheet memberId={openMember} access={access} onClose={() => setOpenMember(null)} />
    </div>
  );
}
