import * as React from 'react';
import {
  columnVisibilityFeature,
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnVisibilityState,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpIcon, ArrowUpDownIcon, Columns3Icon } from 'lucide-react';
import {
  ADMIN_MEMBER_STATE_LABELS,
  CITY_LABELS,
  CRM_SORTS,
  type CrmMemberRow,
  type CrmSort,
  type SortDirection,
} from '@bayclub/shared';
import { AvatarWithRetry } from '#/components/member/avatar-with-retry';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#/components/ui/dropdown-menu';
import { formatDay } from '#/lib/format';
import { sharedText, t, useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';

const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature });
const col = createColumnHelper<typeof features, CrmMemberRow>();

/** The columns' names (catalogue ids), by column id. */
export const CRM_COLUMN_LABELS: Record<string, string> = {
  name: 'crm.column.name',
  state: 'crm.column.state',
  city: 'crm.column.city',
  joined: 'crm.column.joined',
  last_active: 'crm.column.lastActive',
  rsvps: 'crm.column.rsvps',
  attended: 'crm.column.attended',
  no_shows: 'crm.column.noShows',
  check_ins: 'crm.column.checkIns',
  paid_events: 'crm.column.paidEvents',
  posts: 'crm.column.posts',
  connections: 'crm.column.connections',
  score: 'crm.column.score',
};
/** A column's header, in the page's language when the table renders. */
const header = (id: string) => () => t(CRM_COLUMN_LABELS[id]!);

const num = (id: CrmSort, get: (r: CrmMemberRow) => number) =>
  col.accessor(get, { id, header: header(id), cell: (c) => <span className="tabular-nums">{c.getValue()}</span> });

/** The columns (server-side sorting: a column's id is the API's sort name when it sorts). */
const columns = col.columns([
  col.accessor((r) => r.name ?? r.username ?? t('crm.member'), {
    id: 'name',
    header: header('name'),
    cell: (c) => <NameCell row={c.row.original} />,
  }),
  col.accessor('state', {
    id: 'state',
    header: header('state'),
    enableSorting: false,
    cell: (c) => (
      <Badge variant={c.getValue() === 'active' ? 'secondary' : c.getValue() === 'suspended' ? 'destructive' : 'outline'}>
        {sharedText(ADMIN_MEMBER_STATE_LABELS[c.getValue()])}
      </Badge>
    ),
  }),
  col.accessor((r) => (r.city ? sharedText(CITY_LABELS[r.city]) : '—'), { id: 'city', header: header('city'), enableSorting: false }),
  col.accessor('joinedAt', { id: 'joined', header: header('joined'), cell: (c) => formatDay(c.getValue()) }),
  col.accessor('lastActiveAt', {
    id: 'last_active',
    header: header('last_active'),
    cell: (c) => (c.getValue() ? formatDay(c.getValue()!) : t('crm.never')),
  }),
  num('rsvps', (r) => r.rsvps),
  num('attended', (r) => r.attended),
  num('no_shows', (r) => r.noShows),
  num('check_ins', (r) => r.checkIns),
  num('paid_events', (r) => r.paidEvents),
  num('posts', (r) => r.posts),
  num('connections', (r) => r.connections),
  num('score', (r) => r.score),
]);
export const DEFAULT_HIDDEN: ColumnVisibilityState = { paid_events: false, posts: false, connections: false };

function NameCell({ row }: { row: CrmMemberRow }) {
  const t = useT(catalog);
  return (
    <span className="flex min-w-40 items-center gap-2">
      <AvatarWithRetry src={row.avatarUrl} alt="" className="size-8" />
      <span className="grid">
        <span className="font-medium">{row.name ?? row.username ?? t('crm.member')}</span>
        {row.username && <span className="text-xs text-muted-foreground">@{row.username}</span>}
      </span>
    </span>
  );
}

const isSort = (id: string): id is CrmSort => (CRM_SORTS as readonly string[]).includes(id);

/**
 * The CRM's member table (TanStack Table, headless): sorting is the server's (manualSorting: a header asks the API
 * for that order and the keyset starts over), column choice is kept in the browser; rows open the member's card.
 */
export function CrmMembersTable({
  rows,
  sort,
  dir,
  onSort,
  visibility,
  onVisibility,
  onOpen,
}: {
  rows: CrmMemberRow[];
  sort: CrmSort;
  dir: SortDirection;
  onSort: (sort: CrmSort, dir: SortDirection) => void;
  visibility: ColumnVisibilityState;
  onVisibility: (v: ColumnVisibilityState) => void;
  onOpen: (id: string) => void;
}) {
  const t = useT(catalog);
  useSharedText(); // the cells' shared labels (sharedText) in the page's language: loads them, follows a switch
  const sorting: SortingState = [{ id: sort, desc: dir === 'desc' }];
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (r) => r.id,
    manualSorting: true,
    enableMultiSort: false,
    state: { sorting, columnVisibility: visibility },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first && isSort(first.id)) onSort(first.id, first.desc ? 'desc' : 'asc');
      else onSort(sort, dir === 'desc' ? 'asc' : 'desc');
    },
    onColumnVisibilityChange: (updater) => onVisibility(typeof updater === 'function' ? updater(visibility) : updater),
  });

  return (
    <div className="relative overflow-x-auto rounded-xl border" role="region" aria-label={t('crm.table.label')} tabIndex={0}>
      <table className="w-full text-sm">
        <caption className="sr-only">
          {dir === 'asc'
            ? t('crm.table.captionAsc', { sort: t(CRM_COLUMN_LABELS[sort]!) })
            : t('crm.table.captionDesc', { sort: t(CRM_COLUMN_LABELS[sort]!) })}
        </caption>
        <thead className="bg-muted/50 text-muted-foreground">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const canSort = header.column.getCanSort();
                const active = header.column.id === sort;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={canSort ? (active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none') : undefined}
                    className="px-3 py-2 text-left font-medium whitespace-nowrap"
                  >
                    {canSort ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                        onClick={() => onSort(header.column.id as CrmSort, active && dir === 'desc' ? 'asc' : 'desc')}
                      >
                        <table.FlexRender header={header} />
                        {active ? (
                          dir === 'asc' ? (
                            <ArrowUpIcon aria-hidden="true" className="size-3" />
                          ) : (
                            <ArrowDownIcon aria-hidden="true" className="size-3" />
                          )
                        ) : (
                          <ArrowUpDownIcon aria-hidden="true" className="size-3 opacity-50" />
                        )}
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
              <th scope="col" className="px-3 py-2 text-right font-medium">
                <span className="sr-only">{t('crm.table.open')}</span>
              </th>
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="border-t hover:bg-muted/30">
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className="px-3 py-2 whitespace-nowrap">
                  <table.FlexRender cell={cell} />
                </td>
              ))}
              <td className="px-3 py-2 text-right">
                <Button size="sm" variant="outline" onClick={() => onOpen(row.original.id)} aria-label={t('crm.table.openCard', { name: row.original.name ?? row.original.username ?? t('crm.memberLower') })}
                >
                  {t('crm.table.open')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Which columns show (the name always does). */
export function ColumnChooser({ visibility, onVisibility }: { visibility: ColumnVisibilityState; onVisibility: (v: ColumnVisibilityState) => void }) {
  const t = useT(catalog);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Columns3Icon aria-hidden="true" />
          {t('crm.columns.button')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t('crm.columns.show')}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {Object.entries(CRM_COLUMN_LABELS)
          .filter(([id]) => id !== 'name')
          .map(([id, label]) => (
            <DropdownMenuCheckboxItem
              key={id}
              checked={visibility[id] !== false}
              onCheckedChange={(on) => onVisibility({ ...visibility, [id]: !!on })}
              onSelect={(e) => e.preventDefault()}
            >
              {t(label)}
            </DropdownMenuCheckboxItem>
          ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
