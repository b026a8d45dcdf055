import { describe, expect, it } from 'vitest';
import {
  LOCATION_MESSAGES,
  createLocationSchema,
  locationCheckInSchema,
  locationCheckInUrl,
  locationMapLinks,
  locationsQuerySchema,
  updateLocationSchema,
} from './locations.js';

/** The first message per field, as the server's error handler answers them. */
function fields(r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[i.path.map(String).join('.')] ??= i.message;
  return out;
}

describe('place inputs', () => {
  it('create: defaults, per-field messages, coordinates both or neither', () => {
    expect(createLocationSchema.parse({ name: ' Pier 60 ', category: 'beach', address: '1 Causeway Blvd', city: 'clearwater' })).toEqual({
      name: 'Pier 60',
      category: 'beach',
      address: '1 Causeway Blvd',
      city: 'clearwater',
      latitude: null,
      longitude: null,
      description: '',
      openingHours: '',
      checkInMode: 'poster',
    });
    expect(fields(createLocationSchema.safeParse({ name: ' ', category: 'zoo', address: 'x'.repeat(201), city: 'miami' }))).toEqual({
      name: LOCATION_MESSAGES.nameRequired,
      category: LOCATION_MESSAGES.category,
      address: LOCATION_MESSAGES.addressTooLong,
      city: LOCATION_MESSAGES.city,
    });
    const half = createLocationSchema.safeParse({ name: 'Pier', category: 'beach', address: 'x', city: 'tampa', latitude: 27.9 });
    expect(fields(half)).toEqual({ longitude: LOCATION_MESSAGES.coordinatesTogether });
  });

  it('update: coordinates change together (both numbers or both null)', () => {
    expect(updateLocationSchema.safeParse({ latitude: null, longitude: null }).success).toBe(true);
    expect(fields(updateLocationSchema.safeParse({ latitude: 27.9 }))).toEqual({ longitude: LOCATION_MESSAGES.coordinatesTogether });
    expect(fields(updateLocationSchema.safeParse({ latitude: 27.9, longitude: null }))).toEqual({ longitude: LOCATION_MESSAGES.coordinatesTogether });
    expect(updateLocationSchema.parse({ active: false })).toEqual({ active: false });
  });
});

describe('the list query', () => {
  it('lat and lng in plain decimals, both or neither; blank search is none', () => {
    expect(locationsQuerySchema.parse({ lat: '27.95', lng: '-82.45', q: '  ' })).toMatchObject({ lat: 27.95, lng: -82.45, q: '', limit: 20, includeInactive: false });
    expect(fields(locationsQuerySchema.safeParse({ lat: '1e1', lng: '' }))).toEqual({ lat: LOCATION_MESSAGES.latitude, lng: LOCATION_MESSAGES.longitude });
    expect(fields(locationsQuerySchema.safeParse({ lng: '-82' }))).toEqual({ lat: LOCATION_MESSAGES.coordinatesTogether });
    expect(fields(locationsQuerySchema.safeParse({ q: 'a\u0000b' }))).toEqual({ q: LOCATION_MESSAGES.queryControl });
  });
});

describe('check-in input', () => {
  it('a token or a position, not both, not neither', () => {
    expect(locationCheckInSchema.safeParse({ token: 'abc', visibility: 'public' }).success).toBe(true);
    expect(locationCheckInSchema.safeParse({ position: { latitude: 27.9, longitude: -82.4 } }).success).toBe(true);
    expect(fields(locationCheckInSchema.safeParse({}))).toEqual({ token: LOCATION_MESSAGES.tokenOrPosition });
    expect(fields(locationCheckInSchema.safeParse({ token: 'a', position: { latitude: 1, longitude: 1 } }))).toEqual({ token: LOCATION_MESSAGES.tokenOrPosition });
  });
});

describe('helpers', () => {
  it('map links from coordinates, else from the address', () => {
    expect(locationMapLinks({ name: 'Pier 60', address: '1 Causeway Blvd', latitude: 27.9772, longitude: -82.8276 })).toEqual({
      googleMapsUrl: 'https://www.google.com/maps/search/?api=1&query=27.9772%2C-82.8276',
      appleMapsUrl: 'https://maps.apple.com/?ll=27.9772%2C-82.8276&q=Pier+60',
      geoUri: 'geo:27.9772,-82.8276?q=27.9772%2C-82.8276(Pier%2060)',
    });
    expect(locationMapLinks({ name: 'Pier', address: '1 Causeway', latitude: null, longitude: null }).geoUri).toBeNull();
    expect(locationMapLinks({ name: 'Pier', address: '1 Causeway', latitude: null, longitude: null }).googleMapsUrl).toContain('query=Pier%2C+1+Causeway');
  });

  it('the check-in URL and the distance label', () => {
    expect(locationCheckInUrl('https://club.example/', 'TOKEN')).toBe('https://club.example/locations/check-in?t=TOKEN');
    expect(LOCATION_MESSAGES.distanceKm(0.25)).toBe('250 m');
    expect(LOCATION_MESSAGES.distanceKm(3.14159)).toBe('3.1 km');
    expect(LOCATION_MESSAGES.distanceKm(27.2)).toBe('27 km');
    expect(LOCATION_MESSAGES.hereNowCount(1)).toBe('1 member here now');
  });
});
