import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import {
  communities,
  communityMembers,
  eventRegistrations,
  events,
  profiles,
  pushSubscriptions,
  welcomeDismissals,
} from '../../db/schema/index.js';
import { jsonb, rowsOf } from '../../platform/sql.js';
import { notBlockedWith } from '../access/index.js';
import { visibleEventsFilter, type EventsViewer } from '../events/index.js';

const communitySuggestion = z.object({
  id: z.string(),
  name: z.string(),
  url_slug: z.string(),
  visibility: z.enum(['public', 'private']),
  city: z.string().nullable(),
  member_count: z.number(),
  avatar_image_key: z.string().nullable(),
});
const eventSuggestion = z.object({
  id: z.string(),
  title: z.string(),
  starts_at: z.string(),
  time_zone: z.string(),
  venue: z.string().nullable(),
  city: z.string().nullable(),
});

const welcomeRow = z.object({
  dismissed: z.boolean(),
  has_profile: z.boolean(),
  has_community: z.boolean(),
  has_rsvp: z.boolean(),
  has_push: z.boolean(),
  communities: jsonb(z.array(communitySuggestion)),
  events: jsonb(z.array(eventSuggestion)),
});
export type WelcomeRow = z.output<typeof welcomeRow>;

/**
 * Everything Home's welcome shows, in one statement: the checklist's facts (each an indexed existence check on the
 * member's own rows) and the suggestions.
 *
 * Communities: public ones the member has no membership row of (active, requested or banned), whose creator is
 * active and not blocked either way, ranked by shared interests, then the member's city, then size. The ranking
 * reads every public community (a few hundred in a club); no index serves an "overlap count" order.
 * Events: the soonest scheduled ones they could open (visibleEventsFilter, the events list's own rule: creator
 * active and not blocked either way, visibility) and are not registered for, from events_starts_idx.
 */
export async function loadWelcome(
  db: DbOrTx,
  me: string,
  opts: { communities: number; events: number; eventsViewer: EventsViewer },
): Promise<WelcomeRow | null> {
  const v = sql`${me}::uuid`;
  const communityList = opts.communities
    ? sql`(select coalesce(json_agg(s order by s.rank desc, s.member_count desc, s.id), '[]'::json) from (
        select c.id, c.name, c.url_slug, c.visibility, c.city, c.member_count, c.avatar_image_key,
          cardinality(array(select unnest(c.interests) intersect select unnest(p.interests)))
            + (case when c.city is not null and c.city = p.city then 1 else 0 end) as rank
        from ${communities} c
        where c.visibility = 'public'
          and not exists (select 1 from ${communityMembers} m where m.community_id = c.id and m.user_id = ${v})
          and (c.created_by is null or (
            not exists (select 1 from ${profiles} cp where cp.id = c.created_by and cp.is_deactivated)
            and ${notBlockedWith(sql`c.created_by`, v)}))
        order by rank desc, c.member_count desc, c.id
        limit ${opts.communities}) s)`
    : sql`'[]'::json`;
  const eventList = opts.events
    ? sql`(select coalesce(json_agg(s order by s.starts_at, s.id), '[]'::json) from (
        select e.id, e.title, e.starts_at, e.time_zone, e.venue, e.city
        from ${events} e
        where e.status = 'scheduled' and e.starts_at > now() and ${visibleEventsFilter(opts.eventsViewer)}
          and not exists (select 1 from ${eventRegistrations} r where r.event_id = e.id and r.user_id = ${v})
        order by e.starts_at, e.id
        limit ${opts.events}) s)`
    : sql`'[]'::json`;
  const [row] = rowsOf(
    await db.execute(sql`
      select
        exists (select 1 from ${welcomeDismissals} d where d.user_id = ${v}) as dismissed,
        (p.profile_picture_url is not null and coalesce(btrim(p.bio), '') <> '') as has_profile,
        exists (select 1 from ${communityMembers} m where m.user_id = ${v} and m.status = 'active') as has_community,
        exists (select 1 from ${eventRegistrations} r join ${events} e on e.id = r.event_id
          where r.user_id = ${v} and r.status in ('going', 'waitlisted') and e.status = 'scheduled' and e.starts_at > now()) as has_rsvp,
        exists (select 1 from ${pushSubscriptions} s where s.user_id = ${v} and s.is_active) as has_push,
        ${communityList} as communities,
        ${eventList} as events
      from ${profiles} p where p.id = ${v}`),
    welcomeRow,
  );
  return row ?? null;
}

/** The member closed the welcome; closing it again changes nothing. */
export async function dismissWelcome(db: DbOrTx, me: string) {
  await db.insert(welcomeDismissals).values({ userId: me }).onConflictDoNothing();
}
