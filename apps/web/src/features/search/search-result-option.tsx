import type * as React from 'react';
import { BadgeCheckIcon, CalendarIcon, MapPinIcon, MessageSquareTextIcon, UserIcon, UsersIcon } from 'lucide-react';
import { CITY_LABELS, imageVariantUrl, type SearchResult } from '@bayclub/shared';
import { Avatar, AvatarFallback, AvatarImage } from '#/components/ui/avatar';
import { intlLocale, useSharedText, useT, type Translate } from '#/lib/i18n';
import { cn } from '#/lib/utils';
import { VerifiedInstagramMark } from '#/features/instagram';
import { Highlight } from './highlight';
import { catalog } from './i18n';

/** 'Sat, Mar 14, 7:00 PM' in the event's own zone (spec 3: event_date). */
const eventDate = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(intlLocale(), { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );
const postDate = (iso: string) => new Intl.DateTimeFormat(intlLocale(), { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));

interface OptionProps {
  id: string;
  result: SearchResult;
  terms: string[];
  active: boolean;
  onSelect: () => void;
  onPoint: () => void;
}

/** One result as a listbox option: picture or icon, its name and a line of its text, matches marked. */
export function SearchResultOption({ id, result, terms, active, onSelect, onPoint }: OptionProps) {
  const t = useT(catalog);
  const s = useSharedText();
  const { title, subtitle, detail, picture } = describe(result, t, s);
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-detail`}
      data-type={result.type}
      // The input keeps focus (aria-activedescendant); a click must not take it.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onSelect}
      onMouseMove={onPoint}
      className={cn('flex cursor-pointer items-center gap-3 rounded-md px-3 py-2', active && 'bg-accent text-accent-foreground')}
    >
      {picture}
      <div className="min-w-0 flex-1">
        <p id={`${id}-title`} className="flex min-w-0 items-center gap-1 text-sm font-medium">
          {/* A post's preview (100 characters) gets two lines; names one. */}
          <span className={result.type === 'post' ? 'line-clamp-2 font-normal' : 'truncate'}>
            <Highlight text={title} terms={terms} />
          </span>
          {result.type === 'user' && result.isVerified && (
            <>
              <BadgeCheckIcon aria-hidden="true" className="size-4 shrink-0 text-primary" />
              <span className="sr-only">{t('search.result.verified')}</span>
            </>
          )}
          {result.type === 'user' && result.linkedInstagram && (
            <span className="ml-1 inline-flex shrink-0 items-center gap-0.5 text-xs font-normal text-muted-foreground">
              {t('search.result.instagram', { handle: result.linkedInstagram })}
              <VerifiedInstagramMark />
            </span>
          )}
          {result.type === 'event' && result.status === 'cancelled' && (
            <span className="ml-1 shrink-0 rounded-sm bg-destructive/15 px-1.5 text-xs text-destructive">{t('search.result.cancelled')}</span>
          )}
        </p>
        <p id={`${id}-detail`} className="truncate text-xs text-muted-foreground">
          {subtitle && (
            <>
              <Highlight text={subtitle} terms={terms} />
              {detail && ' · '}
            </>
          )}
          {detail && <Highlight text={detail} terms={terms} />}
        </p>
      </div>
    </div>
  );
}

const iconBox = (icon: React.ReactNode) => (
  <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
    {icon}
  </span>
);

function picture(url: string | null, fallback: React.ReactNode) {
  if (!url) return iconBox(fallback);
  return (
    <Avatar aria-hidden="true" className="size-9">
      <AvatarImage src={imageVariantUrl(url, 'small')} alt="" />
      <AvatarFallback>{fallback}</AvatarFallback>
    </Avatar>
  );
}

/** What a row shows per type (spec 3's fields). */
function describe(
  r: SearchResult,
  t: Translate,
  s: (text: string) => string,
): { title: string; subtitle: string | null; detail: string | null; picture: React.ReactNode } {
  switch (r.type) {
    case 'user':
      return {
        title: r.fullName ?? r.username ?? t('search.result.user'),
        subtitle: r.username ? `@${r.username}` : null,
        detail: r.bio,
        picture: picture(r.profilePictureUrl, <UserIcon className="size-4" />),
      };
    case 'community':
      return { title: r.name, subtitle: null, detail: r.description, picture: picture(r.avatarUrl, <UsersIcon className="size-4" />) };
    case 'event':
      return { title: r.title, subtitle: eventDate(r.eventDate, r.timeZone), detail: r.description || null, picture: iconBox(<CalendarIcon className="size-4" />) };
    case 'post':
      return { title: r.content, subtitle: postDate(r.createdAt), detail: null, picture: iconBox(<MessageSquareTextIcon className="size-4" />) };
    case 'place':
      return {
        title: r.name,
        subtitle: r.city ? s(CITY_LABELS[r.city]) : null,
        detail: r.address || null,
        picture: iconBox(<MapPinIcon className="size-4" />),
      };
  }
}
