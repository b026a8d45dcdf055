import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOCATION_LIMITS } from '@bayclub/shared';
import { deriveAppKey } from '../../platform/signed-tokens.js';
import { deriveTicketKey, signTicket } from '../events/tickets.js';
import { codeRefusal, distanceM } from './check-ins.js';
import { doorStepAt, doorStepEnds, signPlaceToken, verifyPlaceToken, type PlaceToken } from './qr-tokens.js';
import type { LocationCoreRow } from './repository.js';

const key = deriveAppKey('test-secret-test-secret-test-secret-000', 'bayclub-location-codes', 'location-code-key-v1');
const place = crypto.randomUUID();

const row = (over: Partial<LocationCoreRow> = {}): LocationCoreRow => ({
  id: place,
  name: 'Pier',
  active: true,
  managed: false,
  latitude: 27.97,
  longitude: -82.83,
  check_in_mode: 'poster',
  qr_key_version: 2,
  qr_regenerated_at: null,
  category: 'beach',
  city: 'clearwater',
  address: '1 Causeway',
  ...over,
});

describe('place tokens', () => {
  it('round-trip poster and door tokens; small enough for a low-version QR', () => {
    const poster: PlaceToken = { kind: 'poster', locationId: place, keyVersion: 7 };
    const door: PlaceToken = { kind: 'door', locationId: place, keyVersion: 65535, step: 58_000_000 };
    const a = signPlaceToken(key, poster);
    const b = signPlaceToken(key, door);
    expect(a).toHaveLength(47);
    expect(b).toHaveLength(52);
    expect(verifyPlaceToken(key, a)).toEqual(poster);
    expect(verifyPlaceToken(key, b)).toEqual(door);
  });

  it('any changed byte, another key, another purpose, truncation or padding is refused', () => {
    const token = signPlaceToken(key, { kind: 'poster', locationId: place, keyVersion: 1 });
    const raw = Buffer.from(token, 'base64url');
    for (let i = 0; i < raw.length; i++) {
      const copy = Buffer.from(raw);
      copy[i] = copy[i]! ^ 1;
      expect(verifyPlaceToken(key, copy.toString('base64url')), `byte ${i}`).toBeNull();
    }
    expect(verifyPlaceToken(deriveAppKey('another-secret-another-secret-000000', 'bayclub-location-codes', 'location-code-key-v1'), token)).toBeNull();
    // An event ticket, signed with the tickets' key, never passes as a place code (and the other way round).
    const ticketKey = deriveTicketKey('test-secret-test-secret-test-secret-000');
    expect(verifyPlaceToken(key, signTicket(ticketKey, place))).toBeNull();
    expect(verifyPlaceToken(ticketKey, token)).toBeNull();
    for (const bad of [token.slice(0, -1), `${token}A`, '', '%%%', 'A'.repeat(200), token.replace(/[A-Za-z]/, '+')]) expect(verifyPlaceToken(key, bad)).toBeNull();
  });

  it('door steps: 30 seconds each, ending where the next begins', () => {
    const now = new Date('2026-03-08T19:00:10Z');
    const step = doorStepAt(now);
    expect(doorStepAt(new Date('2026-03-08T19:00:29.999Z'))).toBe(step);
    expect(doorStepAt(new Date('2026-03-08T19:00:30Z'))).toBe(step + 1);
    expect(doorStepEnds(step).toISOString()).toBe('2026-03-08T19:00:30.000Z');
  });
});

describe('codeRefusal', () => {
  const now = new Date();
  const step = doorStepAt(now);
  it('in order: other place, unknown, closed, revoked, newer version, door steps, poster at a door-screen place', () => {
    const poster = { kind: 'poster' as const, locationId: place, keyVersion: 2 };
    expect(codeRefusal(poster, row(), { expectedPlaceId: place, now })).toBeNull();
    expect(codeRefusal(poster, row(), { expectedPlaceId: crypto.randomUUID(), now })).toBe('other_place');
    expect(codeRefusal(poster, null, { now })).toBe('invalid');
    expect(codeRefusal({ ...poster, keyVersion: 1 }, row({ active: false }), { now })).toBe('closed');
    expect(codeRefusal({ ...poster, keyVersion: 1 }, row(), { now })).toBe('revoked');
    expect(codeRefusal({ ...poster, keyVersion: 3 }, row(), { now })).toBe('invalid');
    expect(codeRefusal(poster, row({ check_in_mode: 'door_screen' }), { now })).toBe('poster_not_accepted');
    const door = (s: number) => ({ kind: 'door' as const, locationId: place, keyVersion: 2, step: s });
    expect(codeRefusal(door(step), row({ check_in_mode: 'door_screen' }), { now })).toBeNull();
    expect(codeRefusal(door(step - LOCATION_LIMITS.doorTokenAcceptedSteps + 1), row(), { now })).toBeNull();
    expect(codeRefusal(door(step - LOCATION_LIMITS.doorTokenAcceptedSteps), row(), { now })).toBe('expired');
    expect(codeRefusal(door(step + 1), row(), { now })).toBe('invalid');
    expect(codeRefusal({ ...door(step), keyVersion: 1 }, row(), { now })).toBe('revoked');
  });

  it('distanceM agrees with the list’s SQL haversine: Tampa to St Pete about 26 km', () => {
    const d = distanceM({ latitude: 27.9506, longitude: -82.4572 }, { latitude: 27.7731, longitude: -82.6257 });
    expect(d).toBeGreaterThan(25_000);
    expect(d).toBeLessThan(27_000);
    expect(distanceM({ latitude: 27.95, longitude: -82.45 }, { latitude: 27.95, longitude: -82.45 })).toBe(0);
  });
});
