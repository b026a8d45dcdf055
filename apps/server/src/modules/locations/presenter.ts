import {
  LOCATION_LIMITS,
  locationMapLinks,
  type City,
  type LocationCardView,
  type LocationCheckInView,
  type LocationManagersView,
  type LocationMapView,
  type LocationPermissions,
  type ProfileCheckInView,
} from '@bayclub/shared';
import { publicUrl } from '../../platform/storage/storage.js';
import { presentMember } from '../access/index.js';
import type { ManagersRow } from './repository.js';
import type { CheckInJson, LocationCardRow, LocationCoreRow, ProfileCheckInRow } from './repository.js';

/** Place photos live in post-images under locations/{id}/ (members only: media policy); the web picks a size. */
export const photoUrlOf = (key: string | null) => (key ? publicUrl('post-images', key) : null);
const iso = (d: Date | string) => new Date(d).toISOString();

/** Within the 3 hours and not checked out. */
export const isHereNow = (createdAt: string | Date, checkedOutAt: string | Date | null, now: Date) =>
  !checkedOutAt && now.getTime() - new Date(createdAt).getTime() < LOCATION_LIMITS.hereNowMs;

/** Distances shown to 10 m (the cursor keeps the exact one). */
const roundKm = (km: number | null) => (km === null ? null : Math.round(km * 100) / 100);

export function presentCard(r: LocationCardRow): LocationCardView {
  return {
    id: r.id,
    name: r.name,
    category: r.category,
    city: r.city as City,
    address: r.address,
    photoUrl: photoUrlOf(r.photo_key),
    distanceKm: roundKm(r.dist === null ? null : Number(r.dist)),
    hereNowCount: r.here_now_count,
    active: r.active,
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
  };
}

export function presentCheckIn(j: CheckInJson, viewerId: string, now: Date): LocationCheckInView {
  return {
    id: j.id,
    member: presentMember(j.member),
    visibility: j.visibility,
    createdAt: iso(j.createdAt),
    checkedOutAt: j.checkedOutAt ? iso(j.checkedOutAt) : null,
    hereNow: isHereNow(j.createdAt, j.checkedOutAt, now),
    isMine: j.userId === viewerId,
  };
}

export function presentProfileCheckIn(r: ProfileCheckInRow, viewerId: string, ownerId: string, now: Date): ProfileCheckInView {
  return {
    id: r.id,
    location: {
      id: r.location_id,
      name: r.location_name,
      category: r.location_category,
      city: r.location_city as City,
      photoUrl: photoUrlOf(r.photo_key),
    },
    visibility: r.visibility,
    createdAt: iso(r.created_at),
    checkedOutAt: r.checked_out_at ? iso(r.checked_out_at) : null,
    hereNow: isHereNow(r.created_at, r.checked_out_at, now),
    isMine: ownerId === viewerId,
  };
}

/** Map links for the member's map app; tiles only when the server has a tile source configured. */
export function presentMap(
  r: Pick<LocationCoreRow, 'name' | 'address' | 'latitude' | 'longitude'>,
  tiles: { urlTemplate: string; attribution: string } | null,
): LocationMapView {
  const latitude = r.latitude === null ? null : Number(r.latitude);
  const longitude = r.longitude === null ? null : Number(r.longitude);
  return { latitude, longitude, ...locationMapLinks({ name: r.name, address: r.address, latitude, longitude }), tiles: latitude === null ? null : tiles };
}

export const NO_PERMISSIONS: LocationPermissions = {
  canEdit: false,
  canGenerateQr: false,
  canManageManagers: false,
  canCheckIn: false,
  canCheckInByPosition: false,
  canScan: false,
};

/** The managers' list: members as every list shows them (presentMember's whitelist), when they were named. */
export function presentManagers(row: ManagersRow): LocationManagersView {
  return {
    creator: row.creator ? presentMember(row.creator) : null,
    managers: row.managers.map((m) => ({ member: presentMember(m.member), addedAt: new Date(m.addedAt).toISOString() })),
  };
}
