import { canSeeMembers, canUse, isAdmin, type Actor } from '../access/index.js';
import { LIMITED_USER_FLAGS, accessLevel, type LimitedUserFlags } from '@bayclub/shared';

/** What a caller may do with places, before any one place (decision 016). */
export interface LocationAccess {
  /** See places, their pages, who is here and recent check-ins. */
  canView: boolean;
  /** Check in (by a code; by position also needs canView, since it starts from the place's page). */
  canCheckIn: boolean;
  /** The in-app scanner: a limited member also needs scan_qr_codes. */
  canScan: boolean;
  /** Create, edit, add photos, deactivate; also sees deactivated places. */
  canManage: boolean;
  /** The QR, posters, regenerate and the door screen. */
  canGenerateQr: boolean;
  /** Admin: decided by the role, whatever the flags. */
  admin: boolean;
}

/**
 * The one decision about a caller and places. Only approved members (canSeeMembers: decision 009) get anything:
 * places show who is there, so applicants and deactivated members see none. Then can(), as for every capability:
 * full members may all of it, limited members per flag (view_locations, checkin_locations, manage_locations,
 * generate_qr_codes, scan_qr_codes), and admins always may (a limited admin too). Managers also see places
 * (they manage what they can open).
 */
export function locationAccess(actor: Actor | null, flags: LimitedUserFlags): LocationAccess {
  if (!actor || !canSeeMembers(actor)) {
    return { canView: false, canCheckIn: false, canScan: false, canManage: false, canGenerateQr: false, admin: false };
  }
  const admin = isAdmin(actor);
  const may = (f: keyof LimitedUserFlags) => admin || canUse(actor, f, flags);
  const canManage = may('manage_locations');
  const canCheckIn = may('checkin_locations');
  return {
    canView: canManage || may('view_locations'),
    canCheckIn,
    canScan: canCheckIn && may('scan_qr_codes'),
    canManage,
    canGenerateQr: may('generate_qr_codes'),
    admin,
  };
}

const NO_FLAGS_NEEDED = Object.fromEntries(LIMITED_USER_FLAGS.map((f) => [f, true])) as LimitedUserFlags;

/**
 * locationAccess, reading the flags only when they can matter: full members may everything a flag guards
 * (can()), so their requests skip the settings read (one statement less on every list and page).
 */
export async function locationAccessOf(actor: Actor | null, readFlags: () => Promise<LimitedUserFlags>): Promise<LocationAccess> {
  if (!actor || !canSeeMembers(actor)) return locationAccess(null, NO_FLAGS_NEEDED);
  return locationAccess(actor, accessLevel(actor.profile) === 'full_platform' ? NO_FLAGS_NEEDED : await readFlags());
}

/** What a caller may do with one place (decision 026). */
export interface PlaceManagement {
  /** Edit, deactivate and reactivate, photos; sees the place when deactivated. */
  canManage: boolean;
  /** The place's QR, posters, regenerate and door screen. */
  canGenerateQr: boolean;
  /** Name and remove the place's managers. */
  canManageManagers: boolean;
}

/**
 * Who manages a place: admins always; otherwise its creator and the members an admin named its managers (`managed`:
 * either fact, read with the place), and only while they may manage places at all (a limited member needs
 * manage_locations; the codes also need generate_qr_codes). Any other member, full ones included, manages nothing
 * of it: renaming, deactivating or regenerating someone else's place broke printed posters (issue 21).
 */
export function placeManagement(access: LocationAccess, place: { managed: boolean }): PlaceManagement {
  if (access.admin) return { canManage: true, canGenerateQr: true, canManageManagers: true };
  const canManage = access.canManage && place.managed;
  return { canManage, canGenerateQr: canManage && access.canGenerateQr, canManageManagers: false };
}
