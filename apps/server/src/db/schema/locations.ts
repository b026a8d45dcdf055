import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

const ts = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The club's places (issue 12, decision 016). Never deleted: a manager deactivates a place (hidden from members,
 * kept with its check-ins and its events' links). `qr_key_version` is in every QR token of the place; raising it
 * (regenerate) makes older posters answer "revoked".
 */
export const locations = pgTable(
  'locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    category: text('category', { enum: ['bar', 'cafe', 'restaurant', 'gym', 'park', 'beach', 'venue', 'other'] }).notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    /** WGS84 degrees; both or neither. Distances are computed in SQL (haversine), no extension. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    description: text('description').notNull().default(''),
    openingHours: text('opening_hours').notNull().default(''),
    checkInMode: text('check_in_mode', { enum: ['poster', 'door_screen'] }).notNull().default('poster'),
    active: boolean('active').notNull().default(true),
    qrKeyVersion: integer('qr_key_version').notNull().default(1),
    qrRegeneratedAt: ts('qr_regenerated_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The list by name (lowercased, then id), with or without a city.
    index('locations_name_idx').on(sql`lower(${t.name})`, t.id),
    index('locations_city_name_idx').on(t.city, sql`lower(${t.name})`, t.id),
    // Search: name or address contains (ILIKE '%q%').
    index('locations_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('locations_address_trgm_idx').using('gin', sql`lower(${t.address}) gin_trgm_ops`),
    // Global search matches places folded (bayclub_fold, migration 0024: lower case, accents off).
    index('locations_name_fold_trgm_idx').using('gin', sql`bayclub_fold(${t.name}) gin_trgm_ops`),
    index('locations_address_fold_trgm_idx').using('gin', sql`bayclub_fold(${t.address}) gin_trgm_ops`),
    index('locations_description_fold_trgm_idx').using('gin', sql`bayclub_fold(${t.description}) gin_trgm_ops`),
    check('locations_name_length', sql`char_length(${t.name}) BETWEEN 2 AND 80`),
    check('locations_address_length', sql`char_length(${t.address}) BETWEEN 1 AND 200`),
    check('locations_description_length', sql`char_length(${t.description}) <= 2000`),
    check('locations_opening_hours_length', sql`char_length(${t.openingHours}) <= 500`),
    check(
      'locations_coordinates',
      sql`(${t.latitude} IS NULL AND ${t.longitude} IS NULL) OR (${t.latitude} BETWEEN -90 AND 90 AND ${t.longitude} BETWEEN -180 AND 180)`,
    ),
    check('locations_qr_key_version', sql`${t.qrKeyVersion} BETWEEN 1 AND 65535`),
  ],
);

/** A place's photos, oldest first (the first is the card's). Large-variant keys in post-images (locations/{id}/...). */
export const locationPhotos = pgTable(
  'location_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    imageKey: text('image_key').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('location_photos_location_idx').on(t.locationId, t.createdAt, t.id)],
);

/**
 * A member at a place. "Here now" is created_at within 3 hours and not checked out; at most one per member and
 * place in 3 hours (checked under an advisory lock of the pair). visibility decides who else sees it.
 */
export const locationCheckIns = pgTable(
  'location_check_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visibility: text('visibility', { enum: ['public', 'connections', 'private'] }).notNull(),
    /** How the member proved being there: the poster's code, the door screen's, or their position. */
    method: text('method', { enum: ['poster', 'door', 'position'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    checkedOutAt: ts('checked_out_at'),
  },
  (t) => [
    // A place's here now and recent check-ins, newest first (keyset created_at, id).
    index('location_check_ins_location_idx').on(t.locationId, t.createdAt, t.id),
    // A member's check-ins (profile list, the 3-hour window).
    index('location_check_ins_user_idx').on(t.userId, t.createdAt, t.id),
    // The back office's "check-ins this week" (issue 23).
    index('location_check_ins_created_idx').on(t.createdAt),
  ],
);

/** A member's default check-in visibility; no row means the default (connections). */
export const memberLocationSettings = pgTable('member_location_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  defaultVisibility: text('default_visibility', { enum: ['public', 'connections', 'private'] }).notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Members an admin named to manage a place (issue 21, decision 026), beside its creator and the admins: they edit,
 * deactivate, add photos, and hold its codes (QR, posters, door screen). A limited member still needs
 * manage_locations (and generate_qr_codes for the codes).
 */
export const locationManagers = pgTable(
  'location_managers',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.userId] }),
    // A member's rows, found when their account is deleted (the cascade); a place's managers use the primary key.
    index('location_managers_user_idx').on(t.userId, t.locationId),
  ],
);
