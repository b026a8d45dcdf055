import { canSeeMembers } from '@bayclub/shared';
import { useCan, useMe } from '#/lib/session/use-session';

export interface LocationAccessView {
  canView: boolean;
  canCheckIn: boolean;
  canScan: boolean;
  canManage: boolean;
  canGenerateQr: boolean;
}

/**
 * What the signed-in member may do with places, the server's locationAccess mirrored for the pages (which only
 * hide what the server would refuse): approved members only; then admins always, full members all of it, limited
 * members per flag. Place pages take the server's own `permissions` where they have them.
 */
export function useLocationAccess(): LocationAccessView {
  const me = useMe();
  const canView = useCan('view_locations');
  const canCheckIn = useCan('checkin_locations');
  const canScan = useCan('scan_qr_codes');
  const canManage = useCan('manage_locations');
  const canGenerateQr = useCan('generate_qr_codes');
  if (!me || !canSeeMembers(me.profile)) {
    return { canView: false, canCheckIn: false, canScan: false, canManage: false, canGenerateQr: false };
  }
  const admin = me.isAdmin;
  const checkIn = admin || canCheckIn;
  return {
    canView: admin || canManage || canView,
    canCheckIn: checkIn,
    canScan: checkIn && (admin || canScan),
    canManage: admin || canManage,
    canGenerateQr: admin || canGenerateQr,
  };
}

/** A profile's Check-ins tab: the owner's own history (any approved member), others' with view_locations. */
export function useShowProfileCheckIns(isOwner: boolean): boolean {
  const me = useMe();
  const { canView } = useLocationAccess();
  return isOwner ? canSeeMembers(me?.profile ?? null) : canView;
}
