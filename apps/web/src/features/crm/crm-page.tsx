import * as React from 'react';
import { toast } from 'sonner';
import { DownloadIcon, RefreshCwIcon, UsersIcon } from 'lucide-react';
import type { ColumnVisibilityState } from '@tanstack/react-table';
import {
  CRM_DEFAULT_EXPORT_FIELDS,
  CRM_EXPORT_FIELD_LABELS,
  CRM_EXPORT_FIELDS,
  CRM_LIMITS,
  CRM_MESSAGES,
  type CrmAccessView,
  type CrmExportField,
  type CrmFiltersInput,
  type CrmSegmentView,
  type CrmSort,
  type SortDirection,
} from '@bayclub/shared';
import { DebouncedSearchBox } from '#/components/debounced-search-box';
import { LoadMore } from '#/components/load-more';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { Input } from '#/components/ui/input';
import { Label } from '#/components/ui/label';
import { NativeSelect } from '#/components/ui/native-select';
import { Skeleton } from '#/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#/components/ui/tabs';
import { errorMessage, itemsOf } from '#/lib/api';
import { formatDateTime } from '#/lib/format';
import { useSharedText, useT } from '#/lib/i18n';
import {
  exportUrl,
  useCrmAccessQuery,
  useCrmMembersQuery,
  useCrmSegmentsQuery,
  useDeleteSegment,
  useRefreshFigures,
  useSaveSegment,
} from './api';
import { FiltersSheet, filterCount } from './filters-sheet';
import { catalog } from './i18n';
import { MemberCardSheet } from './member-card';
import { ColumnChooser, CrmMembersTable, DEFAULT_HIDDEN } from './members-table';
import { OrganiserView } from './organiser-view';

/** /crm (inside the app's error boundary): the members table for CRM staff and organisers, and the organiser's view. */
export function CrmPage() {
  const t = useT(catalog);
  const s = useSharedText();
  const access = useCrmAccessQuery();
  return (
    <div className="mx-auto grid w-full max-w-6xl min-w-0 grid-cols-[minmax(0,1fr)] gap-4 p-4">
      <h1 className="text-2xl font-semibold tracking-tight">{t('crm.page.title')}</h1>
      {access.isPending ? (
        <Skeleton className="h-40" />
      ) : access.isError ? (
        <div role="alert" className="grid justify-items-start gap-2">
          <p>{errorMessage(access.error, s(CRM_MESSAGES.loadError))}</p>
          <Button variant="outline" onClick={() => void access.refetch()}>
            {t('crm.common.retry')}
          </Button>
        </div>
      ) : (
        <CrmHome access={access.data} />
      )}
    </div>
  );
}

function CrmHome({ access }: { access: CrmAccessView }) {
  const t = useT(catalog);
  const refresh = useRefreshFigures();
  return (
    <>
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <span>{access.figuresAsOf ? t('crm.figures.asOf', { date: formatDateTime(access.figuresAsOf) }) : t('crm.figures.notYet')}</span>
        {access.canRefresh && (
          <Button
            size="sm"
            variant="outline"
            disabled={refresh.isPending}
            onClick={() => refresh.mutate(undefined, { onSuccess: () => toast.success(t('crm.figures.refreshed')), onError: (err) => toast.error(errorMessage(err)) })}
          >
            <RefreshCwIcon aria-hidden="true" className={refresh.isPending ? 'animate-spin' : undefined} />
            {t('crm.figures.refresh')}
          </Button>
        )}
        {!access.canWrite && access.level !== 'organiser' && <span>{t('crm.readOnly')}</span>}
      </p>
      {access.communities.length > 0 ? (
        <Tabs className="min-w-0" defaultValue={access.level === 'organiser' ? 'communities' : 'members'}>
          <TabsList>
            <TabsTrigger value="members">{t('crm.tabs.members')}</TabsTrigger>
            <TabsTrigger value="communities">{t('crm.tabs.communities')}</TabsTrigger>
          </TabsList>
          <TabsContent value="members" className="min-w-0">
            <MembersSection access={access} />
          </TabsContent>
          <TabsContent value="communities" className="min-w-0">
            <OrganiserView access={access} />
          </TabsContent>
        </Tabs>
      ) : (
        <MembersSection access={access} />
      )}
    </>
  );
}

function MembersSection({ access }: { access: CrmAccessView }) {
  const t = useT(catalog);
  const s = useSharedText();
  const [filters, setFilters] = React.useState<CrmFiltersInput>({});
  const [segment, setSegment] = React.useState<CrmSegmentView | null>(null);
  const [sort, setSort] = React.useState<CrmSort>('score');
  const [dir, setDir] = React.useState<SortDirection>('desc');
  const [visibility, setVisibility] = React.useState<ColumnVisibilityState>(DEFAULT_HIDDEN);
  const [open, setOpen] = React.useState<string | null>(null);
  const query = useCrmMembersQuery(filters, sort, dir);
  const rows = itemsOf(query.data);
  const onSearch = React.useCallback((q: string) => setFilters((f) => ((f.q ?? '') === q ? f : { ...f, q })), []);

  return (
    <section aria-labelledby="crm-members-title" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
      <h2 id="crm-members-title" className="sr-only">
        {t('crm.tabs.members')}
      </h2>
      <DebouncedSearchBox
        value={filters.q ?? ''}
        onSearch={onSearch}
        label={t('crm.search.label')}
        placeholder={t('crm.search.placeholder')}
        maxLength={CRM_LIMITS.queryMax}
        debounceMs={300}
      />
      <div className="flex flex-wrap items-center gap-2">
        <FiltersSheet
          value={filters}
          access={access}
          onApply={(f) => {
            setFilters(f);
            setSegment(null);
          }}
        />
        <ColumnChooser visibility={visibility} onVisibility={setVisibility} />
        {access.canSaveSegments && (
          <Segments
            current={segment}
            filters={filters}
            onPick={(picked) => {
              setSegment(picked);
              setFilters(picked ? { ...picked.filters, q: picked.filters.q || undefined } : {});
            }}
          />
        )}
        {access.canExport && <ExportDialog filters={filters} segment={segment} sort={sort} dir={dir} />}
      </div>
      {query.isPending ? (
        <Skeleton className="h-64" />
      ) : query.isError ? (
        <div role="alert" className="grid justify-items-start gap-2">
          <p>{errorMessage(query.error, s(CRM_MESSAGES.loadError))}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('crm.common.retry')}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-xl border border-dashed px-6 py-10 text-center">
          <UsersIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">{s(CRM_MESSAGES.empty)}</p>
          {filterCount(filters) > 0 && (
            <Button variant="outline" onClick={() => setFilters({})}>
              {t('crm.filters.clearAll')}
            </Button>
          )}
        </div>
      ) : (
        <CrmMembersTable
          rows={rows}
          sort={sort}
          dir={dir}
          onSort={(by, d) => {
            setSort(by);
            setDir(d);
          }}
          visibility={visibility}
          onVisibility={setVisibility}
          onOpen={setOpen}
        />
      )}
      <LoadMore
        auto={false}
        hasNextPage={!!query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        isFetchNextPageError={query.isFetchNextPageError}
        error={query.error}
        fetchNextPage={query.fetchNextPage}
      />
      <MemberCardSheet memberId={open} access={access} onClose={() => setOpen(null)} />
    </section>
  );
}

/** Saved segments: pick one (its filters apply), save the current filters, rename or delete one's own. */
function Segments({ current, filters, onPick }: { current: CrmSegmentView | null; filters: CrmFiltersInput; onPick: (s: CrmSegmentView | null) => void }) {
  const t = useT(catalog);
  const list = useCrmSegmentsQuery(true);
  const save = useSaveSegment();
  const remove = useDeleteSegment();
  const [naming, setNaming] = React.useState<'new' | 'rename' | null>(null);
  const [confirmDelete, setConfirmDelete] = React.useState(false);
  const [name, setName] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = naming === 'rename' && current ? { id: current.id, name } : { name, filters };
    save.mutate(body, {
      onSuccess: (s) => {
        toast.success(naming === 'rename' ? t('crm.segments.renamed') : t('crm.segments.saved'));
        setNaming(null);
        onPick(s);
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return (
    <>
      <div className="flex items-center gap-2 text-sm">
        <label htmlFor="crm-segment-select" className="font-medium">
          {t('crm.segments.label')}
        </label>
        <NativeSelect
          id="crm-segment-select"
          value={current?.id ?? ''}
          onChange={(e) => onPick(list.data?.find((s) => s.id === e.target.value) ?? null)}
          className="max-w-48"
        >
          <option value="">{t('crm.segments.allMembers')}</option>
          {list.data?.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button
        variant="outline"
        onClick={() => {
          setName('');
          setError(null);
          setNaming('new');
        }}
      >
        {t('crm.segments.save')}
      </Button>
      {current?.canEdit && (
        <>
          <Button
            variant="outline"
            onClick={() => {
              setName(current.name);
              setError(null);
              setNaming('rename');
            }}
          >
            {t('crm.segments.rename')}
          </Button>
          <Button variant="outline" onClick={() => setConfirmDelete(true)}>
            {t('crm.segments.delete')}
          </Button>
        </>
      )}
      <Dialog open={naming !== null} onOpenChange={(o) => !o && setNaming(null)}>
        <DialogContent>
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>{naming === 'rename' ? t('crm.segments.renameTitle') : t('crm.segments.save')}</DialogTitle>
              <DialogDescription>
                {naming === 'rename' ? t('crm.segments.renameDescription') : t('crm.segments.saveDescription')}
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-1">
              <Label htmlFor="crm-segment-name">{t('crm.segments.name')}</Label>
              <Input
                id="crm-segment-name"
                value={name}
                maxLength={CRM_LIMITS.segmentNameMax}
                aria-invalid={!!error}
                aria-describedby={error ? 'crm-segment-error' : undefined}
                onChange={(e) => setName(e.target.value)}
              />
              {error && (
                <p id="crm-segment-error" className="text-sm text-destructive">
                  {error}
                </p>
              )}
            </div>
            <DialogFooter>
              <Button type="submit" disabled={save.isPending}>
                {t('crm.common.save')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      <Dialog open={confirmDelete} onOpenChange={setConfirmDelete}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('crm.segments.deleteTitle', { name: current?.name ?? '' })}</DialogTitle>
            <DialogDescription>{t('crm.segments.deleteDescription')}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirmDelete(false)}>
              {t('crm.common.cancel')}
            </Button>
            <Button
              variant="destructive"
              onClick={() =>
                current &&
                remove.mutate(current.id, {
                  onSuccess: () => {
                    setConfirmDelete(false);
                    onPick(null);
                    toast.success(t('crm.segments.deleted'));
                  },
                  onError: (err) => toast.error(errorMessage(err)),
                })
              }
            >
              {t('crm.common.delete')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** CSV export: choose the fields, download the file (streamed by the server; the export is in the audit log). */
function ExportDialog({ filters, segment, sort, dir }: { filters: CrmFiltersInput; segment: CrmSegmentView | null; sort: CrmSort; dir: SortDirection }) {
  const t = useT(catalog);
  const s = useSharedText();
  const [open, setOpen] = React.useState(false);
  const [fields, setFields] = React.useState<CrmExportField[]>(CRM_DEFAULT_EXPORT_FIELDS);
  const href = exportUrl({ filters, segment: segment?.id ?? null, fields, sort, dir });
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <DownloadIcon aria-hidden="true" />
        {t('crm.export.button')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>{t('crm.export.button')}</DialogTitle>
            <DialogDescription>
              {segment ? t('crm.export.segment', { name: segment.name }) : t('crm.export.filtered')}
            </DialogDescription>
          </DialogHeader>
          <fieldset className="grid grid-cols-2 gap-2 text-sm">
            <legend className="sr-only">{t('crm.export.fields')}</legend>
            {CRM_EXPORT_FIELDS.map((f) => (
              <label key={f} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={fields.includes(f)}
                  onChange={(e) => setFields((prev) => (e.target.checked ? CRM_EXPORT_FIELDS.filter((x) => x === f || prev.includes(x)) : prev.filter((x) => x !== f)))}
                />
                {s(CRM_EXPORT_FIELD_LABELS[f])}
              </label>
            ))}
          </fieldset>
          <DialogFooter>
            {fields.length === 0 ? (
              <p className="text-sm text-destructive">{s(CRM_MESSAGES.fieldsRequired)}</p>
            ) : (
              <Button asChild>
                <a href={href} download onClick={() => setOpen(false)}>
                  <DownloadIcon aria-hidden="true" />
                  {t('crm.export.download')}
                </a>
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
