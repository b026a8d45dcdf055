import type {
  LocationCardView,
  LocationCheckInResult,
  LocationCheckInView,
  LocationPermissions,
  LocationScanView,
  LocationView,
  MemberSummary,
  Page,
  ProfileCheckInView,
} from '@bayclub/shared';

// Test data for the places list, the place page, check-ins and managing.

let seq = 0;
const nextId = (prefix: string) => {
  seq += 1;
  return `${prefix}-4000-8000-${String(seq).padStart(12, '0')}`;
};

export const page = <T>(items: T[], nextCursor: string | null = null): Page<T> => ({ items, nextCursor });

export const PLACE_ID = '10ca7100-0000-4000-8000-000000000001';
export const TOKEN = 'AQAAAAE.poster-token_x7Qm2k9ZpL4vR8sT1uW3yA';
/** What a poster's QR holds. */
export const POSTER_URL = `https://bayclub.example/locations/check-in?t=${TOKEN}`;

export function makeLocationMember(overrides: Partial<MemberSummary> = {}): MemberSummary {
  return { id: nextId('3e3be700-0000'), fullName: 'Riley Chen', username: 'riley', profilePictureUrl: null, isVerified: false, age: 33, city: 'tampa', ...overrides };
}

export function makeCard(overrides: Partial<LocationCardView> = {}): LocationCardView {
  return {
    id: nextId('1ace0000-0000'),
    name: 'Buddy Brew Coffee',
    category: 'cafe',
    city: 'tampa',
    address: '2020 W Kennedy Blvd',
    photoUrl: null,
    distanceKm: null,
    hereNowCount: 0,
    active: true,
    latitude: null,
    longitude: null,
    ...overrides,
  };
}

export const MEMBER_PERMISSIONS: LocationPermissions = { canEdit: false, canGenerateQr: false, canManageManagers: false, canCheckIn: true, canCheckInByPosition: true, canScan: true };
export const MANAGER_PERMISSIONS: LocationPermissions = { ...MEMBER_PERMISSIONS, canEdit: true, canGenerateQr: true };

/** Now, give or take: check-ins are made relative to the test's clock. */
export const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

export function makeCheckIn(overrides: Partial<LocationCheckInView> = {}): LocationCheckInView {
  return {
    id: nextId('c4ec1000-0000'),
    member: makeLocationMember(),
    visibility: 'public',
    createdAt: minutesAgo(20),
    checkedOutAt: null,
    hereNow: true,
    isMine: false,
    ...overrides,
  };
}

export function makePlace(overrides: Partial<LocationView> = {}): LocationView {
  const base = makeCard({ id: PLACE_ID, name: 'The Pier', category: 'venue', city: 'st_pete', address: '600 2nd Ave NE' });
  return {
    ...base,
    description: 'Five storeys over the bay, with a rooftop bar.',
    openingHours: 'Daily 10am-10pm',
    latitude: 27.7734,
    longitude: -82.6226,
    checkInMode: 'poster',
    photos: [],
    map: {
      latitude: 27.7734,
      longitude: -82.6226,
      googleMapsUrl: 'https://www.google.com/maps/search/?api=1&query=27.7734%2C-82.6226',
      appleMapsUrl: 'https://maps.apple.com/?ll=27.7734%2C-82.6226&q=The+Pier',
      geoUri: 'geo:27.7734,-82.6226?q=27.7734%2C-82.6226(The%20Pier)',
      tiles: null,
    },
    permissions: MEMBER_PERMISSIONS,
    hereNow: [],
    recent: [],
    recentNextCursor: null,
    mine: null,
    nextCheckInAt: null,
    defaultVisibility: 'connections',
    events: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeScan(overrides: Partial<LocationScanView> = {}): LocationScanView {
  return {
    location: makeCard({ id: PLACE_ID, name: 'The Pier', category: 'venue', city: 'st_pete', hereNowCount: 2 }),
    kind: 'poster',
    defaultVisibility: 'connections',
    mine: null,
    nextCheckInAt: null,
    ...overrides,
  };
}

export function checkedIn(overrides: Partial<LocationCheckInResult> = {}): LocationCheckInResult {
  return {
    outcome: 'checked_in',
    message: 'You’re checked in',
    checkIn: makeCheckIn({ isMine: true, createdAt: new Date().toISOString() }),
    nextCheckInAt: null,
    events: [],
    location: { id: PLACE_ID, name: 'The Pier' },
    ...overrides,
  };
}

export const refusal = (outcome: LocationCheckInResult['outcome'], message: string, extra: Partial<LocationCheckInResult> = {}): LocationCheckInResult => ({
  outcome,
  message,
  checkIn: null,
  nextCheckInAt: null,
  events: [],
  location: null,
  ...extra,
});

export function makeProfileCheckIn(overrides: Partial<ProfileCheckInView> = {}): ProfileCheckInView {
  return {
    id: nextId('9c4ec100-0000'),
    location: { id: PLACE_ID, name: 'The Pier', category: 'venue', city: 'st_pete', photoUrl: null },
    visibility: 'public',
    createdAt: minutesAgo(30),
    checkedOutAt: null,
    hereNow: true,
    isMine: false,
    ...overrides,
  };
}
