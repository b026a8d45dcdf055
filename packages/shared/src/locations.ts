import { z } from 'zod';
import { CITIES, type City } from './enums.js';
import type { MemberSummary } from './connections.js';
import type { Page } from './applications.js';
import type { EventSummaryView } from './events.js';

/**
 * Locations (issue 12): the club's places around the Bay, check-ins by QR poster, rotating door-screen code or
 * position, each with the visibility its member chose, an expiring "here now", and places managed from the app
 * with printable codes. The spec names /locations and the flags view_locations, checkin_locations,
 * manage_locations, generate_qr_codes, scan_qr_codes and see_locations_nav but nothing more; decision 016
 * records what we chose.
 */

export const LOCATION_CATEGORIES = ['bar', 'cafe', 'restaurant', 'gym', 'park', 'beach', 'venue', 'other'] as const;
export type LocationCategory = (typeof LOCATION_CATEGORIES)[number];
export const LOCATION_CATEGORY_LABELS: Record<LocationCategory, string> = {
  bar: 'Bar',
  cafe: 'Cafe',
  restaurant: 'Restaurant',
  gym: 'Gym',
  park: 'Park',
  beach: 'Beach',
  venue: 'Venue',
  other: 'Other',
};

/**
 * Who sees a check-in. public: every member who may see places ("here now" for 3 hours, then in the place's
 * recent list); connections: the member's matches only; private: nobody but the member (their own history).
 */
export const CHECK_IN_VISIBILITIES = ['public', 'connections', 'private'] as const;
export type CheckInVisibility = (typeof CHECK_IN_VISIBILITIES)[number];
export const CHECK_IN_VISIBILITY_LABELS: Record<CheckInVisibility, string> = {
  public: 'Public',
  connections: 'Connections only',
  private: 'Private',
};
export const CHECK_IN_VISIBILITY_DESCRIPTIONS: Record<CheckInVisibility, string> = {
  public: 'Members see you here now and in the place’s recent check-ins',
  connections: 'Only your connections see you here',
  private: 'Only you see it, in your own check-ins',
};
/** A member's default until they choose one (issue 12: "initially connections only"). */
export const DEFAULT_CHECK_IN_VISIBILITY: CheckInVisibility = 'connections';

/**
 * How a place takes check-ins. poster: its printed QR (and position, when it has coordinates); door_screen:
 * only the rotating code of its door screen (a photo of a poster cannot check anyone in from afar).
 */
export const CHECK_IN_MODES = ['poster', 'door_screen'] as const;
export type CheckInMode = (typeof CHECK_IN_MODES)[number];
export const CHECK_IN_MODE_LABELS: Record<CheckInMode, string> = {
  poster: 'Printed poster or nearby position',
  door_screen: 'Door screen only (the code changes every 30 seconds)',
};

export const LOCATION_LIMITS = {
  nameMin: 2,
  nameMax: 80,
  addressMax: 200,
  descriptionMax: 2000,
  openingHoursMax: 500,
  /** Photos per place; the first is the card's photo. */
  photosMax: 8,
  imageMaxBytes: 10 * 1024 * 1024,
  /** A check-in counts as "here now" for 3 hours. */
  hereNowMs: 3 * 60 * 60 * 1000,
  /** At most one check-in per member per place in this window (from the earlier check-in's time). */
  checkInWindowMs: 3 * 60 * 60 * 1000,
  /** A position check-in needs the device within this distance of the place's coordinates. */
  checkInRadiusM: 200,
  /** The door screen's code changes every 30 s; the current and the previous code are accepted. */
  doorTokenStepSeconds: 30,
  doorTokenAcceptedSteps: 2,
  /** Check-ins per member, all places together, per window (429 beyond). */
  checkInRateMax: 20,
  checkInRateWindowMinutes: 10,
  /** An event the member is going to "is happening" from this many minutes before its start until its end. */
  eventCheckInEarlyMinutes: 60,
  listPageSize: 20,
  listPageSizeMax: 50,
  checkInsPageSize: 20,
  checkInsPageSizeMax: 50,
  /** Members listed in "here now" on the place page (hereNowCount is the true number). */
  hereNowMax: 50,
  /** Recent check-ins on the place page; more through GET /api/locations/:id/check-ins. */
  recentOnPage: 10,
  /** Upcoming events at the place shown on its page. */
  eventsOnPage: 5,
  queryMax: 100,
} as const;

/** The path of the web page a poster's QR opens (with ?t={token}); the server builds full URLs with it. */
export const LOCATION_CHECK_IN_PATH = '/locations/check-in';

export const LOCATION_MESSAGES = {
  // Validation
  nameRequired: 'Name is required',
  nameTooShort: `Name must be at least ${LOCATION_LIMITS.nameMin} characters`,
  nameTooLong: `Name must be at most ${LOCATION_LIMITS.nameMax} characters`,
  category: 'Choose a category',
  addressRequired: 'Address is required',
  addressTooLong: `Address must be at most ${LOCATION_LIMITS.addressMax} characters`,
  city: 'Please choose a city',
  descriptionTooLong: `Description must be at most ${LOCATION_LIMITS.descriptionMax} characters`,
  openingHoursTooLong: `Opening hours must be at most ${LOCATION_LIMITS.openingHoursMax} characters`,
  latitude: 'Latitude must be a number from -90 to 90',
  longitude: 'Longitude must be a number from -180 to 180',
  coordinatesTogether: 'Enter both latitude and longitude, or neither',
  checkInMode: 'Choose how the place takes check-ins',
  active: 'Must be true or false',
  visibility: 'Choose who can see your check-in',
  queryTooLong: `Search at most ${LOCATION_LIMITS.queryMax} characters`,
  queryControl: 'Search cannot contain control characters',
  tokenOrPosition: 'Scan the place’s code or share your position',
  imageMissing: 'Choose an image',
  photosFull: `A place can have at most ${LOCATION_LIMITS.photosMax} photos. Delete one to add another.`,
  // Access and lookups
  notFound: 'This place is not available',
  checkInNotFound: 'This check-in is not available',
  viewNotAllowed: 'Locations are not available for your account',
  checkInNotAllowed: 'Checking in is not available for your account',
  manageNotAllowed: 'Only location managers can do this',
  /** Naming a place's managers is for admins (decision 026). */
  managersAdminOnly: 'Only admins can choose who manages a place',
  managerNotMember: 'Choose an approved member',
  managerNotFound: 'This member does not manage this place',
  qrNotAllowed: 'Only members who may generate QR codes can do this',
  // Check-in outcomes (LocationCheckInResult.message)
  checkedIn: 'You’re checked in',
  alreadyCheckedIn: 'You already checked in here in the last 3 hours',
  tokenInvalid: 'This is not a valid Bay Club code',
  tokenRevoked: 'This poster is no longer valid: the place printed a new code. Scan the new poster.',
  tokenExpired: 'This code has changed. Scan the code on the screen again.',
  tokenOtherPlace: 'This code belongs to another place',
  posterNotAccepted: 'This place checks in with the code on its door screen. Scan the screen at the door.',
  positionNotAccepted: 'This place checks in with the code at its door',
  noCoordinates: 'This place has no position yet: scan its code instead',
  tooFar: `You need to be within ${LOCATION_LIMITS.checkInRadiusM} m of the place to check in here`,
  closed: 'This place is not taking check-ins',
  checkedOut: 'You checked out',
  alreadyCheckedOut: 'You already checked out',
  checkInDeleted: 'Check-in deleted',
  // UI texts
  title: 'Locations',
  searchLabel: 'Search places',
  allCities: 'All cities',
  allCategories: 'All categories',
  nearMe: 'Near me',
  nearMeDenied: 'Location access is off. Allow it in your browser to sort by distance.',
  empty: 'No places found',
  emptyHint: 'Try another city, category or search.',
  loadError: 'Could not load places',
  hereNow: 'Here now',
  hereNowCount: (n: number) => (n === 1 ? '1 member here now' : `${n} members here now`),
  nobodyHere: 'Nobody has checked in here in the last 3 hours',
  recentCheckIns: 'Recent check-ins',
  noRecentCheckIns: 'No recent check-ins',
  eventsHere: 'Events here',
  noEventsHere: 'No upcoming events here',
  openingHours: 'Opening hours',
  openInMaps: 'Open in Maps',
  checkIn: 'Check in',
  checkInHere: 'Check in here',
  checkInWithPosition: 'Check in with my position',
  scanCode: 'Scan a code',
  checkOut: 'Check out',
  deleteCheckIn: 'Delete check-in',
  youAreHere: 'You’re checked in here',
  whoCanSee: 'Who can see this check-in?',
  defaultVisibility: 'Default visibility of my check-ins',
  settingsSaved: 'Saved',
  deactivated: 'This place is deactivated: members cannot see it',
  inactiveBadge: 'Deactivated',
  newPlace: 'New place',
  editPlace: 'Edit place',
  created: 'Place created',
  saved: 'Place saved',
  deactivatedDone: 'Place deactivated',
  reactivatedDone: 'Place reactivated',
  photoAdded: 'Photo added',
  photoDeleted: 'Photo deleted',
  qrCode: 'QR code',
  downloadPng: 'Download poster (PNG)',
  downloadPdf: 'Download poster (PDF)',
  regenerate: 'Regenerate',
  regenerateConfirm: 'Make a new code? Every printed poster of this place stops working.',
  regenerated: 'New code made: print the new poster',
  doorScreen: 'Door screen',
  doorScreenHint: 'Scan to check in. The code changes every 30 seconds.',
  posterHeading: 'Check in at',
  posterHint: 'Scan with your phone’s camera to check in',
  profileCheckIns: 'Check-ins',
  noProfileCheckIns: 'No check-ins yet',
  distanceKm: (km: number) => (km < 1 ? `${Math.round(km * 1000)} m` : `${km < 10 ? km.toFixed(1) : Math.round(km)} km`),
} as const;

// ---------------------------------------------------------------------------------------------------------
// Inputs

const nameSchema = z
  .string({ error: LOCATION_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: LOCATION_MESSAGES.nameRequired })
  .min(LOCATION_LIMITS.nameMin, { error: LOCATION_MESSAGES.nameTooShort })
  .max(LOCATION_LIMITS.nameMax, { error: LOCATION_MESSAGES.nameTooLong });

const latitudeSchema = z
  .number({ error: LOCATION_MESSAGES.latitude })
  .min(-90, { error: LOCATION_MESSAGES.latitude })
  .max(90, { error: LOCATION_MESSAGES.latitude });
const longitudeSchema = z
  .number({ error: LOCATION_MESSAGES.longitude })
  .min(-180, { error: LOCATION_MESSAGES.longitude })
  .max(180, { error: LOCATION_MESSAGES.longitude });

const locationFields = {
  name: nameSchema,
  category: z.enum(LOCATION_CATEGORIES, { error: LOCATION_MESSAGES.category }),
  address: z
    .string({ error: LOCATION_MESSAGES.addressRequired })
    .trim()
    .min(1, { error: LOCATION_MESSAGES.addressRequired })
    .max(LOCATION_LIMITS.addressMax, { error: LOCATION_MESSAGES.addressTooLong }),
  city: z.enum(CITIES, { error: LOCATION_MESSAGES.city }),
  /** Both or neither (null clears them). */
  latitude: latitudeSchema.nullable(),
  longitude: longitudeSchema.nullable(),
  description: z.string().trim().max(LOCATION_LIMITS.descriptionMax, { error: LOCATION_MESSAGES.descriptionTooLong }),
  openingHours: z.string().trim().max(LOCATION_LIMITS.openingHoursMax, { error: LOCATION_MESSAGES.openingHoursTooLong }),
  checkInMode: z.enum(CHECK_IN_MODES, { error: LOCATION_MESSAGES.checkInMode }),
};

function checkCoordinates(v: { latitude?: number | null; longitude?: number | null }, ctx: z.RefinementCtx) {
  // Both or neither: null and undefined read alike here (create defaults both to null; an update sends both).
  if ((v.latitude == null) !== (v.longitude == null))
    ctx.addIssue({ code: 'custom', path: [v.latitude == null ? 'latitude' : 'longitude'], message: LOCATION_MESSAGES.coordinatesTogether });
}

/** POST /api/locations. */
export const createLocationSchema = z
  .object({
    ...locationFields,
    latitude: locationFields.latitude.optional().default(null),
    longitude: locationFields.longitude.optional().default(null),
    description: locationFields.description.optional().default(''),
    openingHours: locationFields.openingHours.optional().default(''),
    checkInMode: locationFields.checkInMode.optional().default('poster'),
  })
  .superRefine(checkCoordinates);
export type CreateLocationInput = z.input<typeof createLocationSchema>;
export type CreateLocationData = z.output<typeof createLocationSchema>;

/**
 * PATCH /api/locations/:id: every field optional; latitude and longitude change together (both sent, numbers or
 * both null). `active: false` deactivates the place (hidden from members, kept for managers), `true` restores it.
 */
export const updateLocationSchema = z
  .object({
    name: locationFields.name.optional(),
    category: locationFields.category.optional(),
    address: locationFields.address.optional(),
    city: locationFields.city.optional(),
    latitude: locationFields.latitude.optional(),
    longitude: locationFields.longitude.optional(),
    description: locationFields.description.optional(),
    openingHours: locationFields.openingHours.optional(),
    checkInMode: locationFields.checkInMode.optional(),
    active: z.boolean({ error: LOCATION_MESSAGES.active }).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.latitude === undefined) !== (v.longitude === undefined)) {
      ctx.addIssue({ code: 'custom', path: [v.latitude === undefined ? 'latitude' : 'longitude'], message: LOCATION_MESSAGES.coordinatesTogether });
      return;
    }
    checkCoordinates(v, ctx);
  });
export type UpdateLocationInput = z.input<typeof updateLocationSchema>;

/** A coordinate in a query string (or a number, from code): plain decimal notation only, so '' or '1e2' is a 400. */
const queryNumber = (error: string, min: number, max: number) =>
  z
    .union([z.number({ error }), z.string({ error }).trim().regex(/^-?\d{1,3}(\.\d{1,15})?$/, { error }).transform(Number)], { error })
    .refine((n) => Number.isFinite(n) && n >= min && n <= max, { error });

/**
 * GET /api/locations. With lat and lng ("near me", from the device) the list is nearest first (places without
 * coordinates last, by name); without, by name. `q` searches name and address (contains, case-insensitive;
 * `%` `_` `\` are literal). A cursor belongs to its order: it carries the position it was made for.
 */
export const locationsQuerySchema = z
  .object({
    city: z.enum(CITIES, { error: LOCATION_MESSAGES.city }).optional(),
    category: z.enum(LOCATION_CATEGORIES, { error: LOCATION_MESSAGES.category }).optional(),
    q: z
      .string()
      .max(LOCATION_LIMITS.queryMax * 4)
      .optional()
      .transform((v) => v?.trim() ?? '')
      .pipe(
        z
          .string()
          .max(LOCATION_LIMITS.queryMax, { error: LOCATION_MESSAGES.queryTooLong })
          .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: LOCATION_MESSAGES.queryControl }),
      ),
    lat: queryNumber(LOCATION_MESSAGES.latitude, -90, 90).optional(),
    lng: queryNumber(LOCATION_MESSAGES.longitude, -180, 180).optional(),
    /** Managers only: deactivated places too (marked `active: false`); ignored for everyone else. */
    includeInactive: z
      .enum(['true', 'false'], { error: 'Must be true or false' })
      .optional()
      .transform((v) => v === 'true'),
    cursor: z.string().max(600).optional(),
    limit: z.coerce.number().int().min(1).max(LOCATION_LIMITS.listPageSizeMax).optional().default(LOCATION_LIMITS.listPageSize),
  })
  .superRefine((v, ctx) => {
    if ((v.lat === undefined) !== (v.lng === undefined))
      ctx.addIssue({ code: 'custom', path: [v.lat === undefined ? 'lat' : 'lng'], message: LOCATION_MESSAGES.coordinatesTogether });
  });
export type LocationsQueryInput = z.input<typeof locationsQuerySchema>;
export type LocationsQuery = z.output<typeof locationsQuerySchema>;

export const locationIdParamsSchema = z.object({ id: z.uuid({ error: LOCATION_MESSAGES.notFound }) });
export const locationPhotoParamsSchema = z.object({
  id: z.uuid({ error: LOCATION_MESSAGES.notFound }),
  photoId: z.uuid({ error: 'Must be a valid id' }),
});
/** POST /api/locations/:id/managers (admins): name a member a manager of the place (decision 026). */
export const addLocationManagerSchema = z.object({ userId: z.uuid({ error: LOCATION_MESSAGES.managerNotMember }) });
export type AddLocationManagerInput = z.infer<typeof addLocationManagerSchema>;
export const locationManagerParamsSchema = z.object({
  id: z.uuid({ error: LOCATION_MESSAGES.notFound }),
  userId: z.uuid({ error: LOCATION_MESSAGES.managerNotFound }),
});
export const locationCheckInIdParamsSchema = z.object({ id: z.uuid({ error: LOCATION_MESSAGES.checkInNotFound }) });

/** A token as the QR carries it (base64url); anything else is answered as an invalid code, not a 400. */
const tokenSchema = z.string({ error: LOCATION_MESSAGES.tokenInvalid }).trim().min(1, { error: LOCATION_MESSAGES.tokenInvalid }).max(200, { error: LOCATION_MESSAGES.tokenInvalid });

/** GET /api/locations/scan?token=: what a scanned code is for, before checking in. */
export const locationScanQuerySchema = z.object({ token: tokenSchema });

/**
 * POST /api/locations/:id/check-ins: the scanned token (poster or door screen), or the device's position.
 * Without `visibility` the member's default applies.
 */
export const locationCheckInSchema = z
  .object({
    token: tokenSchema.optional(),
    position: z.object({ latitude: latitudeSchema, longitude: longitudeSchema }, { error: LOCATION_MESSAGES.tokenOrPosition }).optional(),
    visibility: z.enum(CHECK_IN_VISIBILITIES, { error: LOCATION_MESSAGES.visibility }).optional(),
  })
  .refine((v) => (v.token ? 1 : 0) + (v.position ? 1 : 0) === 1, { error: LOCATION_MESSAGES.tokenOrPosition, path: ['token'] });
export type LocationCheckInInput = z.input<typeof locationCheckInSchema>;

/** GET /api/locations/:id/check-ins and GET /api/profiles/:id/check-ins. */
export const locationCheckInsQuerySchema = z.object({
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(LOCATION_LIMITS.checkInsPageSizeMax).optional().default(LOCATION_LIMITS.checkInsPageSize),
});

/** PUT /api/me/location-settings. */
export const locationSettingsSchema = z.object({
  defaultVisibility: z.enum(CHECK_IN_VISIBILITIES, { error: LOCATION_MESSAGES.visibility }),
});
export type LocationSettingsInput = z.input<typeof locationSettingsSchema>;

// ---------------------------------------------------------------------------------------------------------
// Views

export interface LocationPhotoView {
  id: string;
  /** Base URL; `imageVariantUrl(url, 'small' | 'medium' | 'large')` picks a size. */
  url: string;
}

/** A card of the list. */
export interface LocationCardView {
  id: string;
  name: string;
  category: LocationCategory;
  city: City;
  address: string;
  /** The first photo (base URL), or null. */
  photoUrl: string | null;
  /** From the position sent with the list ("near me"); null without one or when the place has no coordinates. */
  distanceKm: number | null;
  /** Members here now whom the caller may see (public, their connections', their own unless private). */
  hereNowCount: number;
  /** False only for managers' eyes: members never see a deactivated place. */
  active: boolean;
  /** Where the place is (both or neither): its marker on the list's map (the place page shows them too). */
  latitude: number | null;
  longitude: number | null;
}

export type LocationsPage = Page<LocationCardView>;

/** GET /api/locations/map-tiles: the maps' raster tile source ({z}/{x}/{y}) and its attribution; null: maps are off. */
export interface MapTilesView {
  tiles: { urlTemplate: string; attribution: string } | null;
}

/** Links to open the place in the member's map app; `tiles` only when the server has a tile server configured. */
export interface LocationMapView {
  /** Null when the place has no coordinates (the links then search the address). */
  latitude: number | null;
  longitude: number | null;
  googleMapsUrl: string;
  appleMapsUrl: string;
  /** geo: URI (Android opens the chosen map app); null without coordinates. */
  geoUri: string | null;
  /** An embedded map's tile source (e.g. https://tile.example/{z}/{x}/{y}.png) and attribution; null: no embedded map. */
  tiles: { urlTemplate: string; attribution: string } | null;
}

/** What the caller may do at this place (the server decides; the page only hides what would be refused). */
export interface LocationPermissions {
  /**
   * Edit details, photos, deactivate: admins, and the place's creator and named managers (limited members with
   * manage_locations) (decision 026).
   */
  canEdit: boolean;
  /** Show and download the QR and poster, regenerate, open the door screen: canEdit, and generate_qr_codes. */
  canGenerateQr: boolean;
  /** Add and remove the place's managers: admins only. */
  canManageManagers: boolean;
  /** Check in here at all (checkin_locations; the place is active). */
  canCheckIn: boolean;
  /** The "Check in with my position" button: canCheckIn, the place has coordinates and takes poster check-ins. */
  canCheckInByPosition: boolean;
  /** The in-app scanner (checkin_locations and, for limited members, scan_qr_codes). */
  canScan: boolean;
}

/** GET /api/locations/:id/managers: who manages a place besides the admins (decision 026). */
export interface LocationManagersView {
  /** The member who created the place (null when gone, deactivated or blocked either way). */
  creator: MemberSummary | null;
  managers: { member: MemberSummary; addedAt: string }[];
}

/** A check-in as others (or its member) see it. */
export interface LocationCheckInView {
  id: string;
  member: MemberSummary;
  visibility: CheckInVisibility;
  createdAt: string;
  /** Set when the member checked out before the 3 hours were over. */
  checkedOutAt: string | null;
  /** Within the 3 hours and not checked out. */
  hereNow: boolean;
  /** The caller's own (they may check out or delete it). */
  isMine: boolean;
}

/** A check-in in a member's profile list: the place instead of the member. */
export interface ProfileCheckInView {
  id: string;
  location: { id: string; name: string; category: LocationCategory; city: City; photoUrl: string | null };
  visibility: CheckInVisibility;
  createdAt: string;
  checkedOutAt: string | null;
  hereNow: boolean;
  isMine: boolean;
}

export type LocationCheckInsPage = Page<LocationCheckInView>;
export type ProfileCheckInsPage = Page<ProfileCheckInView>;

/** GET /api/locations/:id: the place page. */
export interface LocationView extends LocationCardView {
  description: string;
  openingHours: string;
  latitude: number | null;
  longitude: number | null;
  checkInMode: CheckInMode;
  photos: LocationPhotoView[];
  map: LocationMapView;
  permissions: LocationPermissions;
  /** Up to LOCATION_LIMITS.hereNowMax members here now (newest first); hereNowCount is the true number. */
  hereNow: LocationCheckInView[];
  /** Visible check-ins older than "here now" (or checked out), newest first; more with recentNextCursor. */
  recent: LocationCheckInView[];
  recentNextCursor: string | null;
  /** The caller's own check-in here within the last 3 hours (whatever its visibility), or null. */
  mine: LocationCheckInView | null;
  /** When the caller may check in here again (mine's time + 3 hours), or null when they may now. */
  nextCheckInAt: string | null;
  /** The caller's default visibility (preselected in the check-in choice). */
  defaultVisibility: CheckInVisibility;
  /** Upcoming events at this place the caller can see, soonest first (at most LOCATION_LIMITS.eventsOnPage). */
  events: EventSummaryView[];
  createdAt: string;
  updatedAt: string;
}

/** GET /api/locations/scan: a valid, current code, before the member chooses the visibility. */
export interface LocationScanView {
  location: LocationCardView;
  /** Which code was scanned. */
  kind: 'poster' | 'door';
  defaultVisibility: CheckInVisibility;
  /** The caller's check-in here within the last 3 hours, or null. */
  mine: LocationCheckInView | null;
  nextCheckInAt: string | null;
}

export type LocationCheckInOutcome =
  | 'checked_in'
  | 'already_checked_in'
  | 'invalid'
  | 'revoked'
  | 'expired'
  | 'other_place'
  | 'poster_not_accepted'
  | 'position_not_accepted'
  | 'no_coordinates'
  | 'too_far'
  | 'closed';

/**
 * POST /api/locations/:id/check-ins answers 201 with this when checked in; 409 (already_checked_in) and 422 (every
 * other outcome) carry it as the body too, not the error shape. GET /api/locations/scan answers 422 with it for a
 * code that cannot check in (invalid, revoked, expired, poster_not_accepted, closed).
 */
export interface LocationCheckInResult {
  outcome: LocationCheckInOutcome;
  message: string;
  /** The new check-in (checked_in) or the one that blocks another (already_checked_in). */
  checkIn: LocationCheckInView | null;
  /** already_checked_in: when the member may check in here again. */
  nextCheckInAt: string | null;
  /** Events the member is going to that are happening here and that this check-in checked them in at. */
  events: Array<{ id: string; title: string }>;
  /** The place (checked_in, already_checked_in); null when the code was refused. */
  location: { id: string; name: string } | null;
}

/** GET /api/locations/:id/qr and POST /api/locations/:id/qr/regenerate. */
export interface LocationQrView {
  locationId: string;
  /** Raised by each regenerate; posters of older versions are refused as revoked. */
  keyVersion: number;
  token: string;
  /** What the QR encodes: {PUBLIC_URL}/locations/check-in?t={token}. */
  url: string;
  /** The QR as an SVG document. */
  qrSvg: string;
  /** Last regenerate, or null while the place still has its first code. */
  regeneratedAt: string | null;
  /** Downloads (attachments): GET, same session. */
  posterPngUrl: string;
  posterPdfUrl: string;
}

/** GET /api/locations/:id/door-token: the door screen's current code; fetch the next at `expiresAt`. */
export interface DoorTokenView {
  locationId: string;
  locationName: string;
  token: string;
  url: string;
  qrSvg: string;
  /** When this code stops being current (the next step); it is still accepted for one more step after that. */
  expiresAt: string;
  /** The server's clock, so the screen can correct for its own. */
  serverTime: string;
  stepSeconds: number;
}

/** GET/PUT /api/me/location-settings. */
export interface LocationSettingsView {
  defaultVisibility: CheckInVisibility;
}

/**
 * Realtime: someone checked in or out (or deleted a check-in) at a place where the member may see it. Ids only:
 * open place pages and the list refetch.
 */
export type LocationServerEvent = { type: 'location:here-now'; locationId: string };

declare module './realtime.js' {
  interface ServerEvents {
    locations: LocationServerEvent;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Helpers shared by the server and the web

/** Links to open a place in the member's map app (no tiles needed). */
export function locationMapLinks(p: { name: string; address: string; latitude: number | null; longitude: number | null }) {
  const hasPoint = p.latitude !== null && p.longitude !== null;
  const point = hasPoint ? `${p.latitude},${p.longitude}` : '';
  const google = new URLSearchParams({ api: '1', query: hasPoint ? point : `${p.name}, ${p.address}` });
  const apple = new URLSearchParams(hasPoint ? { ll: point, q: p.name } : { q: `${p.name}, ${p.address}` });
  return {
    googleMapsUrl: `https://www.google.com/maps/search/?${google.toString()}`,
    appleMapsUrl: `https://maps.apple.com/?${apple.toString()}`,
    geoUri: hasPoint ? `geo:${point}?q=${encodeURIComponent(`${point}(${p.name})`)}` : null,
  };
}

/** The URL a poster's QR encodes. */
export const locationCheckInUrl = (origin: string, token: string) => `${origin.replace(/\/$/, '')}${LOCATION_CHECK_IN_PATH}?t=${token}`;
