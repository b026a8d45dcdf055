import type * as React from 'react';
import { CalendarDaysIcon, GlobeIcon, UsersIcon } from 'lucide-react';
import { imageVariantUrl, type EventSummaryView } from '@bayclub/shared';
import { cn } from '#/lib/utils';

/** FNV-1a over the id: the same event always gets the same cover, on every device, with no request. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The colours and pattern of an event without a cover, from its id: two hues about a third of the wheel apart, a
 * gradient angle and a dot or stripe pattern. Middle lightness keeps the white icon readable in both themes.
 */
export function generatedCoverStyle(id: string): React.CSSProperties {
  const h = hashOf(id);
  const hue = h % 360;
  const second = (hue + 90 + ((h >>> 9) % 60)) % 360;
  const angle = (h >>> 15) % 180;
  const from = `hsl(${hue} 62% 42%)`;
  const to = `hsl(${second} 58% 36%)`;
  const pattern =
    (h >>> 23) % 2 === 0
      ? 'radial-gradient(circle at 1px 1px, rgb(255 255 255 / 0.18) 1.5px, transparent 0) 0 0 / 18px 18px'
      : 'repeating-linear-gradient(135deg, rgb(255 255 255 / 0.1) 0 10px, transparent 10px 22px)';
  return { background: `${pattern}, linear-gradient(${angle}deg, ${from}, ${to})` };
}

/** The kind of event the generated cover shows: a community's, a public one, or a members' event. */
const iconOf = (event: Pick<EventSummaryView, 'community' | 'visibility'>) =>
  event.community ? UsersIcon : event.visibility === 'public' ? GlobeIcon : CalendarDaysIcon;

/**
 * An event's cover: its image (the 480 px variant), or one drawn from its id (decision 025: CSS only, no request,
 * no file), so every card has one. Decorative: the card's title says what it is.
 */
export function EventCover({
  event,
  className,
}: {
  event: Pick<EventSummaryView, 'id' | 'coverUrl' | 'community' | 'visibility'>;
  className?: string;
}) {
  const url = imageVariantUrl(event.coverUrl, 'medium');
  if (url) {
    return (
      <div className={cn('overflow-hidden bg-muted', className)} data-slot="event-cover">
        <img src={url} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
      </div>
    );
  }
  const Icon = iconOf(event);
  return (
    <div
      aria-hidden="true"
      data-slot="event-cover"
      data-generated="true"
      className={cn('flex items-center justify-center text-white', className)}
      style={generatedCoverStyle(event.id)}
    >
      <Icon className="size-8 opacity-90 drop-shadow" />
    </div>
  );
}
