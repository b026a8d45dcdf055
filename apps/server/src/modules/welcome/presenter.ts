import type { WelcomeView } from '@bayclub/shared';
import { publicUrl } from '../../platform/storage/storage.js';
import type { WelcomeRow } from './repository.js';

/** The welcome as the member sees it: a whitelist of each suggestion's card fields. */
export function presentWelcome(row: WelcomeRow): WelcomeView {
  return {
    dismissed: row.dismissed,
    checklist: { profile: row.has_profile, communities: row.has_community, rsvp: row.has_rsvp, notifications: row.has_push },
    communities: row.communities.map((c) => ({
      id: c.id,
      name: c.name,
      urlSlug: c.url_slug,
      visibility: c.visibility,
      city: c.city,
      memberCount: c.member_count,
      avatarUrl: c.avatar_image_key ? publicUrl('post-images', c.avatar_image_key) : null,
    })),
    events: row.events.map((e) => ({
      id: e.id,
      title: e.title,
      startsAt: new Date(e.starts_at).toISOString(),
      timeZone: e.time_zone,
      venue: e.venue,
      city: e.city,
    })),
  };
}
