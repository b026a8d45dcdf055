import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { LOCATION_LIMITS, type CheckInVisibility } from '@bayclub/shared';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { locationCheckIns, locationManagers, locationPhotos, locations, matches, memberLocationSettings, profiles, userRoles } from '../../db/schema/index.js';
import { exactInstant, type TimeCursor } from '../../platform/cursor.js';
import { approvedMemberSql, blockedBetween, memberJson, memberJsonSchema, notBlockedWith } from '../access/index.js';
import { columnOf, columnsOf, containsPattern, jsonb, rowsOf, timestamp } from '../../platform/sql.js';

const seconds = (ms: number) => sql.raw(`interval '${Math.round(ms / 1000)} seconds'`);
/** A check-in `c` still "here now": within the 3 hours and not checked out. */
const hereNowSql = sql`(c.created_at > now() - ${seconds(LOCATION_LIMITS.hereNowMs)} and c.checked_out_at is null)`;

/** The members matched with `member` (active matches; the pair is stored smaller id first). */
const matchesOf = (member: SQL) =>
  sql`(select m.user2_id from ${matches} m where m.user1_id = ${member} and m.is_active
    union all select m.user1_id from ${matches} m where m.user2_id = ${member} and m.is_active)`;

/**
 * SQL true when check-in `c` of member `p` (a profiles alias) shows in the place's lists to `viewer`: never a
 * private one (not even the member's own: it counts for their history only); never a deactivated or unapproved
 * member's; the viewer's own; public ones and their matches' connections-only ones, unless blocked either way.
 */
export function visibleCheckInSql(viewer: SQL): SQL {
  return sql`(c.visibility <> 'private' and ${approvedMemberSql(sql`p`)} and (c.user_id = ${viewer} or (
    ${notBlockedWith(sql`c.user_id`, viewer)} and (c.visibility = 'public' or c.user_id in ${matchesOf(viewer)}))))`;
}

/** A check-in `c` (member `p`) as JSON, with its exact time for cursors. */
const checkInJson = sql`json_build_object('id', c.id, 'userId', c.user_id, 'member', ${memberJson(sql`p`)},
  'visibility', c.visibility, 'createdAt', ${exactInstant(sql`c.created_at`)}, 'checkedOutAt', c.checked_out_at)`;

/** What checkInJson gives (timestamps inside JSON are ISO text on both engines). */
const checkInJsonSchema = z.object({
  id: columnOf(locationCheckIns, 'id'),
  userId: columnOf(locationCheckIns, 'user_id'),
  member: memberJsonSchema,
  visibility: columnOf(locationCheckIns, 'visibility'),
  /** Exact (microseconds): also the cursor's time. */
  createdAt: z.string(),
  checkedOutAt: z.string().nullable(),
});
export type CheckInJson = z.output<typeof checkInJsonSchema>;
const checkInJsonRow = z.object({ j: jsonb(checkInJsonSchema) });

// ---------------------------------------------------------------------------------------------------------
// Places

const coreShape = columnsOf(
  locations,
  'id',
  'name',
  'active',
  'latitude',
  'longitude',
  'check_in_mode',
  'qr_key_version',
  'qr_regenerated_at',
  'category',
  'city',
  'address',
);
const locationCoreRow = z.object({ ...coreShape, managed: z.boolean() });
export type LocationCoreRow = z.output<typeof locationCoreRow>;

// Raw (not the builder) because the place page's one statement selects the same columns into the same row shape.
const coreColumns = sql`l.id, l.name, l.active, l.latitude, l.longitude, l.check_in_mode, l.qr_key_version, l.qr_regenerated_at,
  l.category, l.city, l.address`;

/**
 * SQL true when the viewer created place `l` or an admin named them one of its managers (decision 026; admins are
 * decided by their role, in policy.ts). One primary-key probe.
 */
export const managedBySql = (viewer: SQL) =>
  sql`(l.created_by is not distinct from ${viewer} or exists (select 1 from ${locationManagers} m where m.location_id = l.id and m.user_id = ${viewer}))`;

/**
 * A place's core facts and whether `viewerId` is its creator or a named manager; `lock` takes its row lock (edits,
 * photos, regenerate run under it).
 */
export async function findLocation(db: DbOrTx, id: string, viewerId: string, opts: { lock?: boolean } = {}): Promise<LocationCoreRow | null> {
  const [row] = rowsOf(
    await db.execute(
      sql`select ${coreColumns}, ${managedBySql(sql`${viewerId}::uuid`)} as managed from ${locations} l where l.id = ${id}::uuid ${opts.lock ? sql`for update of l` : sql``}`,
    ),
    locationCoreRow,
  );
  return row ?? null;
}

export type NewLocation = typeof locations.$inferInsert;

export async function insertLocation(db: DbOrTx, values: NewLocation): Promise<string> {
  const [row] = await db.insert(locations).values(values).returning({ id: locations.id });
  return row!.id;
}

export async function updateLocation(db: DbOrTx, id: string, set: Partial<NewLocation>) {
  await db.update(locations).set({ ...set, updatedAt: sql`now()` }).where(eq(locations.id, id));
}

/** Regenerate: the next key version (every older poster is revoked from this commit on). */
export async function raiseKeyVersion(db: DbOrTx, id: string): Promise<{ qr_key_version: number; qr_regenerated_at: Date | string }> {
  const [row] = await db
    .update(locations)
    .set({ qrKeyVersion: sql`${locations.qrKeyVersion} + 1`, qrRegeneratedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(locations.id, id))
    .returning({ qrKeyVersion: locations.qrKeyVersion, qrRegeneratedAt: locations.qrRegeneratedAt });
  // Just set to now(): never null here, though the column is nullable.
  return { qr_key_version: row!.qrKeyVersion, qr_regenerated_at: row!.qrRegeneratedAt! };
}

/** The list's order and its keyset: by name, or by distance from a position (the cursor carries the position). */
export type LocationsCursor =
  | { m: 'n'; n: string; i: string }
  | { m: 'd'; d: number | null; i: string; la: number; ln: number };

export interface LocationListFilters {
  city?: string;
  category?: string;
  q?: string;
  near?: { lat: number; lng: number };
  /** Deactivated places too: none, the ones the viewer manages (creator or named manager), or all (admins). */
  inactive: 'none' | 'managed' | 'all';
}

const locationCardRow = z.object({
  ...columnsOf(locations, 'id', 'name', 'category', 'city', 'address', 'active', 'latitude', 'longitude'),
  name_key: z.string(),
  /** km (float8); null without coordinates or without a position. */
  dist: z.number().nullable(),
  photo_key: columnOf(locationPhotos, 'image_key').nullable(),
  here_now_count: z.number().int(),
});
export type LocationCardRow = z.output<typeof locationCardRow>;

/**
 * Great-circle distance in km from (lat, lng) to place `l` (haversine; null without coordinates: least() skips
 * nulls, so the case must say it).
 */
export const distanceKmSql = (lat: number, lng: number) =>
  sql`(case when l.latitude is null or l.longitude is null then null::float8 else 12742.0176 * asin(least(1, sqrt(
    power(sin(radians(l.latitude - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(l.latitude)) * power(sin(radians(l.longitude - ${lng}::float8) / 2), 2)))) end)`;

/** How many members here now at place `id` (an SQL expression) `viewer` may see. */
const hereNowCountSql = (placeId: SQL, viewer: SQL) =>
  sql`(select count(*)::int from ${locationCheckIns} c join ${profiles} p on p.id = c.user_id
    where c.location_id = ${placeId} and ${hereNowSql} and ${visibleCheckInSql(viewer)})`;

/** The first photo's key of place `id`. */
const firstPhotoSql = (placeId: SQL) =>
  sql`(select ph.image_key from ${locationPhotos} ph where ph.location_id = ${placeId} order by ph.created_at, ph.id limit 1)`;

/**
 * One page of places with each card's photo and here-now count, in one statement. The page is chosen first
 * (filters, order, keyset; distance computed for the filtered places), then only its cards get their counts.
 */
export function locationsListQuery(viewerId: string, f: LocationListFilters, cursor: LocationsCursor | null, limit: number): SQL {
  const viewer = sql`${viewerId}::uuid`;
  const conditions: SQL[] = [];
  if (f.inactive === 'none') conditions.push(sql`l.active`);
  if (f.inactive === 'managed') conditions.push(sql`(l.active or ${managedBySql(viewer)})`);
  if (f.city) conditions.push(sql`l.city = ${f.city}`);
  if (f.category) conditions.push(sql`l.category = ${f.category}`);
  if (f.q) {
    const pattern = containsPattern(f.q.toLowerCase());
    conditions.push(sql`(lower(l.name) like ${pattern} escape '\\' or lower(l.address) like ${pattern} escape '\\')`);
  }
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const origin = cursor?.m === 'd' ? { lat: cursor.la, lng: cursor.ln } : f.near;
  const dist = origin ? distanceKmSql(origin.lat, origin.lng) : sql`null::float8`;
  const order = f.near ? sql`(x.dist is null), x.dist, x.id` : sql`x.name_key, x.id`;
  let keyset = sql`true`;
  if (cursor?.m === 'n') keyset = sql`(x.name_key, x.id) > (${cursor.n}, ${cursor.i}::uuid)`;
  else if (cursor?.m === 'd')
    keyset =
      cursor.d === null
        ? sql`(x.dist is null and x.id > ${cursor.i}::uuid)`
        : sql`(x.dist is null or x.dist > ${cursor.d}::float8 or (x.dist = ${cursor.d}::float8 and x.id > ${cursor.i}::uuid))`;
  return sql`
    select b.*, ${firstPhotoSql(sql`b.id`)} as photo_key, ${hereNowCountSql(sql`b.id`, viewer)} as here_now_count
    from (
      select x.* from (
        select l.id, l.name, l.category, l.city, l.address, l.active, l.latitude, l.longitude, lower(l.name) as name_key, ${dist} as dist
        from ${locations} l ${where}) x
      where ${keyset}
      order by ${order}
      limit ${limit + 1}) b
    order by ${sql.raw(f.near ? '(b.dist is null), b.dist, b.id' : 'b.name_key, b.id')}`;
}

export async function listLocations(db: DbOrTx, viewerId: string, f: LocationListFilters, cursor: LocationsCursor | null, limit: number) {
  return rowsOf(await db.execute(locationsListQuery(viewerId, f, cursor, limit)), locationCardRow);
}

const locationPageRow = z.object({
  ...coreShape,
  managed: z.boolean(),
  ...columnsOf(locations, 'description', 'opening_hours', 'created_at', 'updated_at'),
  photos: jsonb(z.array(z.object({ id: columnOf(locationPhotos, 'id'), key: columnOf(locationPhotos, 'image_key') }))),
  /** Everyone here now the viewer may see (count) and the newest hereNowMax of them (one scan for both). */
  here: jsonb(z.object({ count: z.number().int(), items: z.array(checkInJsonSchema) })),
  /** Up to recentOnPage + 1 (the extra one says there is more). */
  recent: jsonb(z.array(checkInJsonSchema)),
  mine: jsonb(checkInJsonSchema).nullable(),
  default_visibility: columnOf(memberLocationSettings, 'default_visibility').nullable(),
});
export type LocationPageRow = z.output<typeof locationPageRow>;

/**
 * The place page in one statement: details, photos, who is here now (and how many), the first recent check-ins,
 * the viewer's own check-in of the last 3 hours and their default visibility.
 */
export async function findLocationPage(db: DbOrTx, id: string, viewerId: string): Promise<LocationPageRow | null> {
  const [row] = rowsOf(await db.execute(locationPageQuery(id, viewerId)), locationPageRow);
  return row ?? null;
}

/** The place page's SQL (exported so bench/locations-explain.ts can print its plan). */
export function locationPageQuery(id: string, viewerId: string): SQL {
  const viewer = sql`${viewerId}::uuid`;
  const visible = visibleCheckInSql(viewer);
  return sql`
      select ${coreColumns}, ${managedBySql(viewer)} as managed, l.description, l.opening_hours, l.created_at, l.updated_at,
        (select coalesce(json_agg(json_build_object('id', ph.id, 'key', ph.image_key) order by ph.created_at, ph.id), '[]')
          from ${locationPhotos} ph where ph.location_id = l.id) as photos,
        (select json_build_object('count', count(*),
            'items', coalesce(json_agg(h.j order by h.created_at desc, h.id desc) filter (where h.n <= ${LOCATION_LIMITS.hereNowMax}), '[]'))
          from (
            select ${checkInJson} as j, c.created_at, c.id, row_number() over (order by c.created_at desc, c.id desc) as n
            from ${locationCheckIns} c join ${profiles} p on p.id = c.user_id
            where c.location_id = l.id and ${hereNowSql} and ${visible}) h) as here,
        (select coalesce(json_agg(r.j order by r.created_at desc, r.id desc), '[]') from (
          select ${checkInJson} as j, c.created_at, c.id from ${locationCheckIns} c join ${profiles} p on p.id = c.user_id
          where c.location_id = l.id and not ${hereNowSql} and ${visible}
          order by c.created_at desc, c.id desc limit ${LOCATION_LIMITS.recentOnPage + 1}) r) as recent,
        (select ${checkInJson} from ${locationCheckIns} c join ${profiles} p on p.id = c.user_id
          where c.location_id = l.id and c.user_id = ${viewer} and c.created_at > now() - ${seconds(LOCATION_LIMITS.checkInWindowMs)}
          order by c.created_at desc, c.id desc limit 1) as mine,
        (select s.default_visibility from ${memberLocationSettings} s where s.user_id = ${viewer}) as default_visibility
      from ${locations} l where l.id = ${id}::uuid`;
}

// ---------------------------------------------------------------------------------------------------------
// Photos

export async function countPhotos(db: DbOrTx, locationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(locationPhotos).where(eq(locationPhotos.locationId, locationId));
  return row!.n;
}

export async function insertPhoto(db: DbOrTx, locationId: string, key: string, createdBy: string) {
  await db.insert(locationPhotos).values({ locationId, imageKey: key, createdBy });
}

/** Remove a place's photo; its key (for the storage outbox), or null when the place has no such photo. */
export async function deletePhoto(db: DbOrTx, locationId: string, photoId: string): Promise<string | null> {
  const [row] = await db
    .delete(locationPhotos)
    .where(and(eq(locationPhotos.id, photoId), eq(locationPhotos.locationId, locationId)))
    .returning({ key: locationPhotos.imageKey });
  return row?.key ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Check-ins

const lockedPlaceRow = locationCoreRow.extend({ default_visibility: columnOf(memberLocationSettings, 'default_visibility').nullable() });
export type LockedPlaceRow = z.output<typeof lockedPlaceRow>;

/**
 * A check-in's first statement (issue 25): the place's core facts, whether the member manages it and their default
 * visibility, under a transaction-scoped advisory lock on the member and place pair, which serialises check-ins of
 * one member at one place (the 3-hour rule holds under concurrent requests). The lock is taken by this statement so
 * that the next one, which looks for an earlier check-in, starts its snapshot after it: a statement that waited for
 * the lock itself would not see the check-in whose commit released it. Two pairs whose hashes collide only wait for
 * each other. No row for an unknown place (and then no lock: nothing will be written).
 */
export async function lockPlaceForCheckIn(tx: DbOrTx, userId: string, locationId: string): Promise<LockedPlaceRow | null> {
  const [row] = rowsOf(
    await tx.execute(sql`
      select ${coreColumns}, ${managedBySql(sql`${userId}::uuid`)} as managed,
        (select s.default_visibility from ${memberLocationSettings} s where s.user_id = ${userId}::uuid) as default_visibility
      from (select pg_advisory_xact_lock(hashtext('location-check-in:' || ${userId}), hashtext(${locationId}))) lk,
        ${locations} l
      where l.id = ${locationId}::uuid`),
    lockedPlaceRow,
  );
  return row ?? null;
}

const venueEventsSchema = z.array(z.object({ id: z.string(), title: z.string() }));
const checkInOnceRow = z.object({
  earlier: jsonb(checkInJsonSchema).nullable(),
  next_at: timestamp().nullable(),
  made: jsonb(checkInJsonSchema).nullable(),
  events: jsonb(venueEventsSchema),
});

export type CheckInOnce =
  | { kind: 'earlier'; checkIn: CheckInJson; nextAt: Date | string }
  | { kind: 'made'; checkIn: CheckInJson; events: z.output<typeof venueEventsSchema> };

/**
 * A check-in's second statement, under lockPlaceForCheckIn's lock: the member's check-in at the place within the
 * 3-hour window if there is one (nothing is written then), else the new check-in, its announcement (`announce`, an
 * SQL expression, or null for a private one nobody else hears of) and the venue's events (`venue`: the events
 * module's CTEs, gated on the insert), all in one round trip.
 */
export async function checkInOnce(
  tx: DbOrTx,
  v: { userId: string; locationId: string; visibility: CheckInVisibility; method: 'poster' | 'door' | 'position' },
  announce: SQL | null,
  venue: (written: SQL) => { ctes: SQL; checkedIn: SQL },
): Promise<CheckInOnce> {
  const { ctes, checkedIn } = venue(sql`exists (select 1 from ins)`);
  const [row] = rowsOf(
    await tx.execute(sql`
      with earlier as (
        select ${checkInJson} as j, c.created_at + ${seconds(LOCATION_LIMITS.checkInWindowMs)} as next_at
        from ${locationCheckIns} c join ${profiles} p on p.id = c.user_id
        where c.user_id = ${v.userId}::uuid and c.location_id = ${v.locationId}::uuid
          and c.created_at > now() - ${seconds(LOCATION_LIMITS.checkInWindowMs)}
        order by c.created_at desc, c.id desc limit 1),
      ins as (
        insert into ${locationCheckIns} (location_id, user_id, visibility, method)
        select ${v.locationId}::uuid, ${v.userId}::uuid, ${v.visibility}, ${v.method} where not exists (select 1 from earlier)
        returning *),
      told as (select ${announce ?? sql`null`} from ins),
      ${ctes}
      select (select j from earlier) as earlier, (select next_at from earlier) as next_at,
        (select ${checkInJson} from ins c join ${profiles} p on p.id = c.user_id) as made,
        (select count(*) from told) as told,
        ${checkedIn} as events`),
    checkInOnceRow,
  );
  if (row!.earlier) return { kind: 'earlier', checkIn: row!.earlier, nextAt: row!.next_at! };
  return { kind: 'made', checkIn: row!.made!, events: row!.events };
}

export interface CheckInRow {
  id: string;
  user_id: string;
  location_id: string;
  visibility: CheckInVisibility;
  created_at: Date | string;
  checked_out_at: Date | string | null;
  location_active: boolean;
}

/** A check-in with its row lock (check-out, delete). */
export async function lockCheckIn(db: DbOrTx, id: string): Promise<CheckInRow | null> {
  const [row] = await db
    .select({
      id: locationCheckIns.id,
      user_id: locationCheckIns.userId,
      location_id: locationCheckIns.locationId,
      visibility: locationCheckIns.visibility,
      created_at: locationCheckIns.createdAt,
      checked_out_at: locationCheckIns.checkedOutAt,
      location_active: locations.active,
    })
    .from(locationCheckIns)
    .innerJoin(locations, eq(locations.id, locationCheckIns.locationId))
    .where(eq(locationCheckIns.id, id))
    .for('update', { of: locationCheckIns });
  return row ?? null;
}

export async function checkOut(db: DbOrTx, id: string): Promise<CheckInJson> {
  const [row] = rowsOf(
    await db.execute(sql`
      with c as (update ${locationCheckIns} set checked_out_at = now() where id = ${id}::uuid returning *)
      select ${checkInJson} as j from c join ${profiles} p on p.id = c.user_id`),
    checkInJsonRow,
  );
  return row!.j;
}

export async function deleteCheckIn(db: DbOrTx, id: string) {
  await db.execute(sql`delete from ${locationCheckIns} where id = ${id}::uuid`);
}

/** The place's check-ins `viewer` may see that are no longer here now, newest first (keyset created_at, id). */
export async function recentCheckIns(db: DbOrTx, locationId: string, viewerId: string, cursor: TimeCursor | null, limit: number) {
  const viewer = sql`${viewerId}::uuid`;
  return rowsOf(
    await db.execute(sql`
      select ${checkInJson} as j from ${locationCheckIns} c join ${profiles} p on p.id = c.user_id
      where c.location_id = ${locationId}::uuid and not ${hereNowSql} and ${visibleCheckInSql(viewer)}
        ${cursor ? sql`and (c.created_at, c.id) < (${cursor.c}::timestamptz, ${cursor.i}::uuid)` : sql``}
      order by c.created_at desc, c.id desc limit ${limit + 1}`),
    checkInJsonRow,
  ).map((r) => r.j);
}

const okRow = z.object({ ok: z.boolean() });

/** Whether `viewerId` may open `ownerId`'s profile lists: the owner exists, is active, no block either way. */
export async function profileOpenTo(db: DbOrTx, ownerId: string, viewerId: string): Promise<boolean> {
  const [row] = rowsOf(
    await db.execute(sql`
      select (${ownerId}::uuid = ${viewerId}::uuid or (not p.is_deactivated and not ${blockedBetween(sql`p.id`, sql`${viewerId}::uuid`)})) as ok
      from ${profiles} p where p.id = ${ownerId}::uuid`),
    okRow,
  );
  return row?.ok === true;
}

const profileCheckInRow = z.object({
  ...columnsOf(locationCheckIns, 'id', 'visibility', 'created_at', 'checked_out_at'),
  cursor_at: z.string(),
  location_id: columnOf(locations, 'id'),
  location_name: columnOf(locations, 'name'),
  location_category: columnOf(locations, 'category'),
  location_city: columnOf(locations, 'city'),
  photo_key: columnOf(locationPhotos, 'image_key').nullable(),
});
export type ProfileCheckInRow = z.output<typeof profileCheckInRow>;

/**
 * A member's check-ins, newest first: all of them to the member; to others only those visible to them (the same
 * rule as the place's lists) at places they can see (active, or any for managers).
 */
export async function profileCheckIns(
  db: DbOrTx,
  ownerId: string,
  viewer: { id: string; includeInactive: boolean },
  cursor: TimeCursor | null,
  limit: number,
): Promise<ProfileCheckInRow[]> {
  const own = ownerId === viewer.id;
  const conditions: SQL[] = [sql`c.user_id = ${ownerId}::uuid`];
  if (!own) {
    conditions.push(visibleCheckInSql(sql`${viewer.id}::uuid`));
    if (!viewer.includeInactive) conditions.push(sql`l.active`);
  }
  if (cursor) conditions.push(sql`(c.created_at, c.id) < (${cursor.c}::timestamptz, ${cursor.i}::uuid)`);
  return rowsOf(
    await db.execute(sql`
      select c.id, c.visibility, c.created_at, ${exactInstant(sql`c.created_at`)} as cursor_at, c.checked_out_at,
        l.id as location_id, l.name as location_name, l.category as location_category, l.city as location_city,
        ${firstPhotoSql(sql`l.id`)} as photo_key
      from ${locationCheckIns} c join ${profiles} p on p.id = c.user_id join ${locations} l on l.id = c.location_id
      where ${sql.join(conditions, sql` and `)}
      order by c.created_at desc, c.id desc limit ${limit + 1}`),
    profileCheckInRow,
  );
}

// ---------------------------------------------------------------------------------------------------------
// The member's setting

export async function defaultVisibilityOf(db: DbOrTx, userId: string): Promise<CheckInVisibility | null> {
  const [row] = await db
    .select({ v: memberLocationSettings.defaultVisibility })
    .from(memberLocationSettings)
    .where(eq(memberLocationSettings.userId, userId));
  return row?.v ?? null;
}

export async function saveDefaultVisibility(db: DbOrTx, userId: string, visibility: CheckInVisibility) {
  await db
    .insert(memberLocationSettings)
    .values({ userId, defaultVisibility: visibility })
    .onConflictDoUpdate({ target: memberLocationSettings.userId, set: { defaultVisibility: visibility, updatedAt: sql`now()` } });
}

// ---------------------------------------------------------------------------------------------------------
// Realtime

const recipientRow = z.object(columnsOf(profiles, 'id'));

/**
 * Of the members with a socket in this process, those who may see a check-in of `checker` with `visibility`:
 * approved and active, allowed to see places (full members, admins, limited members while `limitedMayView`),
 * not blocked either way with the checker, and for connections-only check-ins matched with them. The checker's
 * own tabs too.
 */
export async function hereNowRecipients(
  db: DbOrTx,
  local: string[],
  e: { checker: string; visibility: 'public' | 'connections'; limitedMayView: boolean },
): Promise<string[]> {
  if (!local.length) return [];
  const ids = sql`${`{${local.join(',')}}`}::uuid[]`;
  const checker = sql`${e.checker}::uuid`;
  const mayView = sql`(pr.account_type = 'full_platform' or ${e.limitedMayView}
    or exists (select 1 from ${userRoles} r where r.user_id = pr.id and r.role = 'admin'))`;
  const audience =
    e.visibility === 'public'
      ? sql`not ${blockedBetween(sql`pr.id`, checker)}`
      : sql`(not ${blockedBetween(sql`pr.id`, checker)} and pr.id in ${matchesOf(checker)})`;
  const rows = rowsOf(
    await db.execute(sql`
      select pr.id from ${profiles} pr
      where pr.id = any(${ids}) and ${approvedMemberSql(sql`pr`)} and (pr.id = ${checker} or (${mayView} and ${audience}))`),
    recipientRow,
  );
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------------------
// Managers (decision 026)

const managersRow = z.object({
  creator: jsonb(memberJsonSchema).nullable(),
  managers: jsonb(z.array(z.object({ member: memberJsonSchema, addedAt: z.string() }))),
});
export type ManagersRow = z.output<typeof managersRow>;

/**
 * A place's creator and named managers as `viewerId` may see them (approved, active, not blocked either way), the
 * managers in the order they were named. One statement.
 */
export async function placeManagers(db: DbOrTx, id: string, viewerId: string): Promise<ManagersRow> {
  const viewer = sql`${viewerId}::uuid`;
  const [row] = rowsOf(
    await db.execute(sql`
      select
        (select ${memberJson(sql`p`)} from ${profiles} p
          where p.id = l.created_by and ${approvedMemberSql(sql`p`)} and ${notBlockedWith(sql`p.id`, viewer)}) as creator,
        (select coalesce(json_agg(json_build_object('member', ${memberJson(sql`p`)}, 'addedAt', m.created_at) order by m.created_at, m.user_id), '[]')
          from ${locationManagers} m join ${profiles} p on p.id = m.user_id
          where m.location_id = l.id and ${approvedMemberSql(sql`p`)} and ${notBlockedWith(sql`p.id`, viewer)}) as managers
      from ${locations} l where l.id = ${id}::uuid`),
    managersRow,
  );
  return row ?? { creator: null, managers: [] };
}

/**
 * Names an approved, active member a manager of the place (again: nothing changes). False when `userId` is no
 * such member.
 */
export async function addManager(db: DbOrTx, locationId: string, userId: string, addedBy: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      with target as (select p.id from ${profiles} p where p.id = ${userId}::uuid and ${approvedMemberSql(sql`p`)}),
      added as (
        insert into ${locationManagers} (location_id, user_id, added_by)
        select ${locationId}::uuid, t.id, ${addedBy}::uuid from target t
        on conflict do nothing
      )
      select id from target`),
    z.object({ id: z.string() }),
  );
  return rows.length > 0;
}

/** False when the member was not a named manager of the place. */
export async function removeManager(db: DbOrTx, locationId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(locationManagers)
    .where(and(eq(locationManagers.locationId, locationId), eq(locationManagers.userId, userId)))
    .returning({ userId: locationManagers.userId });
  return rows.length > 0;
}
