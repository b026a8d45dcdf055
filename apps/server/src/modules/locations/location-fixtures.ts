import { sql } from 'drizzle-orm';
import type { CheckInMode, CheckInVisibility, LocationCategory } from '@bayclub/shared';
import type { DbOrTx } from '../../db/client.js';
import { locationCheckIns, locations } from '../../db/schema/index.js';

/**
 * Place and check-in factories (issue 12) for the locations tests: direct SQL for data a test only needs to exist
 * (a check-in four hours ago, a deactivated place). Flows under test go through the API.
 */
export interface TestLocationValues {
  name?: string;
  category?: LocationCategory;
  address?: string;
  city?: string;
  latitude?: number | null;
  longitude?: number | null;
  active?: boolean;
  checkInMode?: CheckInMode;
  qrKeyVersion?: number;
  createdBy?: string | null;
}

let seq = 0;

export async function createTestLocation(db: DbOrTx, v: TestLocationValues = {}): Promise<string> {
  seq += 1;
  const [row] = await db
    .insert(locations)
    .values({
      name: v.name ?? `Test place ${seq}`,
      category: v.category ?? 'bar',
      address: v.address ?? `${seq} Main St`,
      city: v.city ?? 'tampa',
      latitude: v.latitude === undefined ? 27.9506 : v.latitude,
      longitude: v.longitude === undefined ? -82.4572 : v.longitude,
      active: v.active ?? true,
      checkInMode: v.checkInMode ?? 'poster',
      qrKeyVersion: v.qrKeyVersion ?? 1,
      createdBy: v.createdBy ?? null,
    })
    .returning({ id: locations.id });
  return row!.id;
}

/** A check-in as if made `minutesAgo` minutes ago (the 3-hour window and "here now" read created_at). */
export async function insertTestCheckIn(
  db: DbOrTx,
  v: { locationId: string; userId: string; visibility?: CheckInVisibility; minutesAgo?: number; checkedOut?: boolean },
): Promise<string> {
  const at = sql`now() - ${`${v.minutesAgo ?? 0} minutes`}::interval`;
  const [row] = await db
    .insert(locationCheckIns)
    .values({
      locationId: v.locationId,
      userId: v.userId,
      visibility: v.visibility ?? 'public',
      method: 'poster',
      createdAt: at,
      checkedOutAt: v.checkedOut ? at : null,
    })
    .returning({ id: locationCheckIns.id });
  return row!.id;
}
