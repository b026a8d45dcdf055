import * as React from 'react';
import { HistoryIcon } from 'lucide-react';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTION_NAMES,
  MODERATION_AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntryView,
} from '@bayclub/shared';
import { Badge } from '#/components/ui/badge';
import { Label } from '#/components/ui/label';
import { NativeSelect } from '#/components/ui/native-select';
import { Skeleton } from '#/components/ui/skeleton';
import { EmptyState } from '#/components/card-grid';
import { PagedList } from '#/components/paged-list';
import { formatDateTime } from '#/lib/format';
import { t, useSharedText, useT } from '#/lib/i18n';
import { useMe } from '#/lib/session/use-session';
import { useAuditLog } from '#/features/moderation/api';
import { catalog } from '../i18n';

/**
 * The back office's Audit log (issue 23): every admin and moderator action, newest first, filtered by action, with
 * Load more (keyset). Platform moderators read (and filter) the moderation entries only. Append-only: nothing here
 * changes an entry.
 */
export function AuditPanel() {
  const t = useT(catalog);
  const s = useSharedText();
  const me = useMe();
  const [action, setAction] = React.useState<AuditAction | ''>('');
  const query = useAuditLog(action || null);
  const actions: readonly AuditAction[] = me?.isAdmin ? AUDIT_ACTION_NAMES : MODERATION_AUDIT_ACTIONS;
  const filterId = React.useId();
  return (
    <section aria-labelledby={`${filterId}-title`} className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${filterId}-title`} className="text-xl font-semibold">
          {t('admin.audit.title')}
        </h2>
        <div className="grid gap-1">
          <Label htmlFor={filterId}>{t('admin.audit.action')}</Label>
          <NativeSelect id={filterId} value={action} onChange={(e) => setAction(e.target.value as AuditAction | '')} className="w-60">
            <option value="">{t('admin.audit.allActions')}</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {s(AUDIT_ACTIONS[a])}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <PagedList
        query={query}
        label={t('admin.audit.entries')}
        what={t('admin.audit.what')}
        autoLoad={false}
        skeleton={
          <div className="grid gap-2" aria-hidden="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-20 w-full rounded-lg" />
            ))}
          </div>
        }
        empty={<EmptyState icon={HistoryIcon} title={t('admin.audit.emptyTitle')} hint={t('admin.audit.emptyHint')} />}
        getKey={(e) => e.id}
        renderItem={(e) => <AuditEntry entry={e} />}
      />
    </section>
  );
}

/** Target types said in other words (catalogue ids). */
const TARGET_WORDS: Record<string, string> = { location: 'admin.audit.target.location' };

function AuditEntry({ entry }: { entry: AuditEntryView }) {
  const t = useT(catalog);
  const s = useSharedText();
  const word = TARGET_WORDS[entry.targetType];
  // A label is what the target was called when the entry was written: a member's or a community's name as is, one
  // of our own texts ("Terms of Service") in the reader's language.
  const target = entry.targetLabel !== null ? s(entry.targetLabel) : word ? t(word) : entry.targetType;
  return (
    <article className="grid gap-2 rounded-lg border p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p>
          <span className="font-medium">{entry.actorName}</span> <Badge variant="secondary">{s(AUDIT_ACTIONS[entry.action] ?? entry.action)}</Badge>{' '}
          <span className="break-words">{target}</span>
        </p>
        <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
          {formatDateTime(entry.createdAt)}
        </time>
      </div>
      {entry.reason && (
        <p className="break-words">
          <span className="text-muted-foreground">{t('admin.audit.reason')}</span>
          {entry.reason}
        </p>
      )}
      <Changes before={entry.before} after={entry.after} />
    </article>
  );
}

/** A JSON value in words: strings as they are, yes/no for booleans, lists and objects compactly. */
export function readable(value: unknown): string {
  if (value === null || value === undefined) return t('admin.audit.none');
  if (typeof value === 'boolean') return value ? t('admin.audit.yes') : t('admin.audit.no');
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length ? value.map(readable).join(', ') : t('admin.audit.none');
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${humanKey(k)}: ${readable(v)}`)
    .join('; ');
}

const humanKey = (key: string) => key.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

const asRecord = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** Before and after, field by field ("verified: no → yes"); values that are not objects as one line each. */
export function Changes({ before, after }: { before: unknown; after: unknown }) {
  const t = useT(catalog);
  if ((before === null || before === undefined) && (after === null || after === undefined)) return null;
  const b = asRecord(before);
  const a = asRecord(after);
  if (b || a) {
    const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
    return (
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 rounded-md bg-muted/40 p-2 text-xs">
        {keys.map((k) => (
          <React.Fragment key={k}>
            <dt className="text-muted-foreground">{humanKey(k)}</dt>
            <dd className="break-words">
              <RecordedValue value={b && k in b ? b[k] : undefined} /> <span aria-hidden="true">→</span>{' '}
              <span className="sr-only">{t('admin.audit.changedTo')}</span> <RecordedValue value={a && k in a ? a[k] : undefined} />
            </dd>
          </React.Fragment>
        ))}
      </dl>
    );
  }
  return (
    <p className="rounded-md bg-muted/40 p-2 text-xs break-words">
      <RecordedValue value={before} /> <span aria-hidden="true">→</span> <span className="sr-only">{t('admin.audit.changedTo')}</span>{' '}
      <RecordedValue value={after} />
    </p>
  );
}

/**
 * A value as the entry recorded it (a setting's stored value such as `image`, a text as an admin typed it): shown
 * as it is, marked not to be translated, in any language (issue 26). Only "none", "yes" and "no" are our words.
 */
function RecordedValue({ value }: { value: unknown }) {
  const words = value === null || value === undefined || typeof value === 'boolean';
  return words ? readable(value) : <span translate="no">{readable(value)}</span>;
}
