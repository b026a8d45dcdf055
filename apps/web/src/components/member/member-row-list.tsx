import type * as React from 'react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { Page } from '@bayclub/shared';
import { EmptyState } from '#/components/card-grid';
import { catalog } from '#/components/i18n';
import { PagedList } from '#/components/paged-list';
import { useT } from '#/lib/i18n';
import { FullMembersOnly } from './full-members-only';
import { MemberRowsSkeleton } from './member-row';

interface MemberRowListProps<T> {
  query: UseInfiniteQueryResult<{ pages: Page<T>[] }>;
  /** The list's accessible name. */
  label: string;
  empty: { icon: LucideIcon; title: string; hint?: string };
  /** What a 403 means here (a limited member reaching a full members' list). */
  forbiddenTitle: string;
  getKey: (item: T) => string;
  renderItem: (item: T) => React.ReactNode;
}

/** A list of member rows (connections, blocked members): a 403 explained, and Load more by the button only. */
export function MemberRowList<T>({ query, label, empty, forbiddenTitle, getKey, renderItem }: MemberRowListProps<T>) {
  const t = useT(catalog);
  return (
    <PagedList
      query={query}
      label={label}
      skeleton={<MemberRowsSkeleton label={t('components.member.loadingList', { list: label.toLowerCase() })} />}
      empty={<EmptyState icon={empty.icon} title={empty.title} hint={empty.hint} />}
      forbidden={<FullMembersOnly title={forbiddenTitle} />}
      getKey={getKey}
      renderItem={renderItem}
      autoLoad={false}
    />
  );
}
