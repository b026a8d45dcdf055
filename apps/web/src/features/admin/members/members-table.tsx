import * as React from 'react';
import { Link } from 'react-router';
import { ArrowDownIcon, ArrowUpIcon, UsersIcon } from 'lucide-react';
import {
  ACCOUNT_TYPES,
  ADMIN_LIMITS,
  ADMIN_MEMBER_SORT_LABELS,
  ADMIN_MEMBER_SORTS,
  ADMIN_MEMBER_STATE_LABELS,
  ADMIN_MEMBER_STATES,
  ADMIN_MESSAGES,
  CITIES,
  CITY_LABELS,
  USER_ROLES,
  type AccountType,
  type AdminMemberRow,
  type AdminMemberSort,
  type AdminMemberState,
  type City,
  type SortDirection,
  type UserRole,
} from '@bayclub/shared';
import { DebouncedSearchBox } from '#/components/debounced-search-box';
import { LoadMore } from '#/components/load-more';
import { AvatarWithRetry } from '#/components/member/avatar-with-retry';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
import { NativeSelect } from '#/components/ui/native-select';
import { Skeleton } from '#/components/ui/skeleton';
import { errorMessage, itemsOf } from '#/lib/api';
import { formatDay } from '#/lib/format';
import { t, useSharedText, useT } from '#/lib/i18n';
import { useSearchParamsUpdate } from '#/lib/use-search-params-update';
import { catalog } from '../i18n';
import { SectionError } from '../section-error';
import { useMembersQuery, type MemberFilters } from './api';

/** Account types' and roles' names (catalogue ids). */
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  full_platform: 'admin.accountType.fullPlatform',
  community_only: 'admin.accountType.communityOnly',
};
export const ROLE_LABELS: Record<UserRole, string> = {
  admin: 'admin.role.admin',
  moderator: 'admin.role.moderator',
  crm_admin: 'admin.role.crmAdmin',
  crm_user: 'admin.role.crmUser',
};

/** The table's filters live in the URL (prefixed: the other sections keep their own), so Back returns to them. */
const P = { q: 'mq', type: 'mtype', state: 'mstate', role: 'mrole', city: 'mcity', sort: 'msort', dir: 'mdir' } as const;

function oneOf<T extends string>(values: readonly T[], v: string | null): T | undefined {
  return v !== null && (values as readonly string[]).includes(v) ? (v as T) : undefined;
}

export function filtersFrom(search: URLSearchParams): MemberFilters {
  return {
    q: (search.get(P.q) ?? '').trim().slice(0, ADMIN_LIMITS.queryMax),
    type: oneOf(ACCOUNT_TYPES, search.get(P.type)),
    state: oneOf(ADMIN_MEMBER_STATES, search.get(P.state)),
    role: oneOf(USER_ROLES, search.get(P.role)),
    city: oneOf(CITIES, search.get(P.city)),
    sort: oneOf(ADMIN_MEMBER_SORTS, search.get(P.sort)) ?? 'joined',
    dir: oneOf(['asc', 'desc'] as const, search.get(P.dir)) ?? 'desc',
  };
}

const stateVariant = (s: AdminMemberState) => (s === 'suspended' ? 'destructive' : s === 'active' ? 'secondary' : 'outline');
const relative = (iso: string | null) => (iso ? formatDay(iso) : t('admin.members.never'));

/** Members: search (debounced), filters, sorts and keyset Load more; a row opens the member's admin page. */
export function MembersTable() {
  const t = useT(catalog);
  const s = useSharedText();
  const [search, update] = useSearchParamsUpdate();
  const f = filtersFrom(search);
  const query = useMembersQuery(f);
  const rows = itemsOf(query.data);
  const onSearch = React.useCallback((q: string) => update({ [P.q]: q }), [update]);
  const filtered = !!(f.q || f.type || f.state || f.role || f.city);

  return (
    <section aria-labelledby="members-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="members-title" className="text-xl font-semibold tracking-tight">
          {t('admin.members.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('admin.members.description')}</p>
      </div>

      <div className="grid gap-3">
        <DebouncedSearchBox
          value={f.q}
          onSearch={onSearch}
          label={t('admin.members.searchLabel')}
          placeholder={t('admin.members.searchPlaceholder')}
          maxLength={ADMIN_LIMITS.queryMax}
          debounceMs={ADMIN_LIMITS.searchDebounce}
        />
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
          <Filter
            label={t('admin.members.filter.type')}
            value={f.type}
            onChange={(v) => update({ [P.type]: v })}
            options={ACCOUNT_TYPES.map((type) => [type, t(ACCOUNT_TYPE_LABELS[type])])}
          />
          <Filter
            label={t('admin.members.filter.state')}
            value={f.state}
            onChange={(v) => update({ [P.state]: v })}
            options={ADMIN_MEMBER_STATES.map((state) => [state, s(ADMIN_MEMBER_STATE_LABELS[state])])}
          />
          <Filter
            label={t('admin.members.filter.role')}
            value={f.role}
            onChange={(v) => update({ [P.role]: v })}
            options={USER_ROLES.map((r) => [r, t(ROLE_LABELS[r])])}
          />
          <Filter
            label={t('admin.members.filter.city')}
            value={f.city}
            onChange={(v) => update({ [P.city]: v })}
            options={CITIES.map((c) => [c, s(CITY_LABELS[c])])}
          />
          <label className="grid gap-1 text-xs font-medium text-muted-foreground">
            {t('admin.members.sortBy')}
            <NativeSelect value={f.sort} onChange={(e) => update({ [P.sort]: e.target.value })}>
              {ADMIN_MEMBER_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {s(ADMIN_MEMBER_SORT_LABELS[sort])}
                </option>
              ))}
            </NativeSelect>
          </label>
          <div className="grid content-end">
            <Button
              variant="outline"
              onClick={() => update({ [P.dir]: f.dir === 'asc' ? 'desc' : 'asc' })}
              aria-label={f.dir === 'asc' ? t('admin.members.sortOrder.asc') : t('admin.members.sortOrder.desc')}
            >
              {f.dir === 'asc' ? <ArrowUpIcon aria-hidden="true" /> : <ArrowDownIcon aria-hidden="true" />}
              {f.dir === 'asc' ? t('admin.members.ascending') : t('admin.members.descending')}
            </Button>
          </div>
        </div>
      </div>

      {query.isPending ? (
        <TableSkeleton />
      ) : query.isError ? (
        <SectionError message={errorMessage(query.error, s(ADMIN_MESSAGES.loadError))} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-xl border border-dashed px-6 py-10 text-center">
          <UsersIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">{s(ADMIN_MESSAGES.empty)}</p>
          {filtered && (
            <Button variant="outline" onClick={() => update({ [P.q]: null, [P.type]: null, [P.state]: null, [P.role]: null, [P.city]: null })}>
              {t('admin.members.clearFilters')}
            </Button>
          )}
        </div>
      ) : (
        <MembersGrid rows={rows} search={search} sort={f.sort} dir={f.dir} onSort={(sort, dir) => update({ [P.sort]: sort, [P.dir]: dir })} />
      )}
      <LoadMore
        auto={false}
        hasNextPage={!!query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        isFetchNextPageError={query.isFetchNextPageError}
        error={query.error}
        fetchNextPage={query.fetchNextPage}
      />
    </section>
  );
}

function Filter<T extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: T | undefined;
  onChange: (v: string | null) => void;
  options: Array<[T, string]>;
}) {
  const t = useT(catalog);
  return (
    <label className="grid gap-1 text-xs font-medium text-muted-foreground">
      {label}
      <NativeSelect value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">{t('admin.members.any')}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </NativeSelect>
    </label>
  );
}

export function memberHref(search: URLSearchParams, id: string) {
  const next = new URLSearchParams(search);
  next.set('tab', 'members');
  next.set('member', id);
  return `?${next.toString()}`;
}

function SortHeader({
  label,
  sort,
  current,
  dir,
  onSort,
}: {
  label: string;
  sort: AdminMemberSort;
  current: AdminMemberSort;
  dir: SortDirection;
  onSort: (sort: AdminMemberSort, dir: SortDirection) => void;
}) {
  const active = sort === current;
  return (
    <th scope="col" aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'} className="px-3 py-2 text-left font-medium">
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        onClick={() => onSort(sort, active && dir === 'desc' ? 'asc' : 'desc')}
      >
        {label}
        {active && (dir === 'asc' ? <ArrowUpIcon aria-hidden="true" className="size-3" /> : <ArrowDownIcon aria-hidden="true" className="size-3" />)}
      </button>
    </th>
  );
}

/**
 * A table that scrolls sideways on a phone with the name column kept in view (sticky), so the member can always be
 * told apart and opened.
 */
function MembersGrid({
  rows,
  search,
  sort,
  dir,
  onSort,
}: {
  rows: AdminMemberRow[];
  search: URLSearchParams;
  sort: AdminMemberSort;
  dir: SortDirection;
  onSort: (sort: AdminMemberSort, dir: SortDirection) => void;
}) {
  const t = useT(catalog);
  const s = useSharedText();
  const sortName = s(ADMIN_MEMBER_SORT_LABELS[sort]);
  return (
    <div className="-mx-4 overflow-x-auto sm:mx-0 sm:rounded-xl sm:border" role="region" aria-label={t('admin.members.table')} tabIndex={0}>
      <table className="w-full min-w-[56rem] border-collapse text-sm">
        <caption className="sr-only">
          {dir === 'asc' ? t('admin.members.caption.asc', { sort: sortName }) : t('admin.members.caption.desc', { sort: sortName })}
        </caption>
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            <SortHeader label={t('admin.members.column.name')} sort="name" current={sort} dir={dir} onSort={onSort} />
            <th scope="col" className="px-3 py-2 text-left font-medium">{t('admin.members.column.username')}</th>
            <th scope="col" className="px-3 py-2 text-left font-medium">{t('admin.members.column.email')}</th>
            <th scope="col" className="px-3 py-2 text-left font-medium">{t('admin.members.column.type')}</th>
            <th scope="col" className="px-3 py-2 text-left font-medium">{t('admin.members.column.state')}</th>
            <th scope="col" className="px-3 py-2 text-left font-medium">{t('admin.members.column.city')}</th>
            <th scope="col" className="px-3 py-2 text-left font-medium">{t('admin.members.column.roles')}</th>
            <SortHeader label={t('admin.members.column.joined')} sort="joined" current={sort} dir={dir} onSort={onSort} />
            <SortHeader label={t('admin.members.column.lastActive')} sort="last_active" current={sort} dir={dir} onSort={onSort} />
          </tr>
        </thead>
        <tbody>
          {rows.map((m) => (
            <tr key={m.id} className="border-t">
              <th scope="row" className="sticky left-0 z-10 bg-background px-3 py-2 text-left font-medium">
                <Link
                  to={memberHref(search, m.id)}
                  className="flex max-w-48 items-center gap-2 rounded-sm hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                >
                  <AvatarWithRetry src={m.profilePictureUrl} alt="" className="size-8" />
                  <span className="truncate">{m.name?.trim() || m.username || t('admin.members.member')}</span>
                </Link>
              </th>
              <td className="px-3 py-2 text-muted-foreground">{m.username ? `@${m.username}` : '—'}</td>
              <td className="max-w-56 truncate px-3 py-2 text-muted-foreground">{m.email ?? '—'}</td>
              <td className="px-3 py-2">{t(ACCOUNT_TYPE_LABELS[m.accountType])}</td>
              <td className="px-3 py-2">
                <Badge variant={stateVariant(m.state)}>{s(ADMIN_MEMBER_STATE_LABELS[m.state])}</Badge>
              </td>
              <td className="px-3 py-2">{m.city ? s(CITY_LABELS[m.city as City]) : '—'}</td>
              <td className="px-3 py-2">{m.roles.length ? m.roles.map((r) => t(ROLE_LABELS[r])).join(', ') : '—'}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDay(m.joinedAt)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{relative(m.lastActiveAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TableSkeleton() {
  const t = useT(catalog);
  return (
    <div className="grid gap-2" aria-busy="true" aria-label={t('admin.members.loading')}>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </div>
  );
}
