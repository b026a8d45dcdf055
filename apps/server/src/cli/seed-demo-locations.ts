import { and, asc, eq, inArray, isNull, like } from 'drizzle-orm';
import type { CheckInMode, CheckInVisibility, City, LocationCategory } from '@bayclub/shared';
import type { Db } from '../db/client.js';
import { events, locationCheckIns, locationPhotos, locations, memberLocationSettings, profiles, userRoles } from '../db/schema/index.js';
import type { Storage } from '../platform/storage/index.js';
import { drawScene, storeImage } from './seed-demo-communities.js';

/**
 * The locations half of `npm run seed:demo` (issue 12): 27 of the club's places across the six cities (one
 * deactivated, one taking check-ins only at its door screen), a few with photos; three weeks of check-ins with
 * mixed visibility, some of them "here now"; members' default visibilities; and the demo events held at these
 * places linked to them (by venue). Members are read from the database, so a demo seeded before locations existed
 * gets them on the next run. Idempotent: nothing happens once any place exists.
 */
interface DemoPlace {
  name: string;
  category: LocationCategory;
  city: City;
  address: string;
  latitude: number;
  longitude: number;
  description: string;
  openingHours: string;
  /** Demo events whose venue is this place. */
  venues?: string[];
  photo?: [string, string, string];
  checkInMode?: CheckInMode;
  active?: boolean;
}

const P = (
  name: string, category: LocationCategory, city: City, address: string, latitude: number, longitude: number,
  description: string, openingHours: string, extra: Partial<DemoPlace> = {},
): DemoPlace => ({ name, category, city, address, latitude, longitude, description, openingHours, ...extra });

/** Sky, glow and ground for places that name no palette of their own. */
const PLACE_PALETTES: Array<[string, string, string]> = [
  ['#fddb92', '#d1fdff', '#35524a'],
  ['#cfd9df', '#e2ebf0', '#4b5d67'],
  ['#fbc2eb', '#a6c1ee', '#44355b'],
  ['#f5efef', '#feada6', '#6b3e3e'],
  ['#c1dfc4', '#deecdd', '#2e4a3b'],
];

const PLACES: DemoPlace[] = [
  P('Armature Works', 'venue', 'tampa', '1910 N Ola Ave, Tampa', 27.9603, -82.4632, 'The old streetcar barn on the river: food hall, rooftop and lawn. Our welcome drinks happen here.', 'Sun-Thu 7am-10pm, Fri-Sat 7am-11pm', { venues: ['Armature Works'], photo: ['#355c7d', '#6c5b7b', '#c06c84'] }),
  P('Oxford Exchange', 'cafe', 'tampa', '420 W Kennedy Blvd, Tampa', 27.9447, -82.465, 'Coffee, books and a glass-roofed conservatory across from the university.', 'Mon-Sat 7:30am-5pm, Sun 9am-5pm', { venues: ['Oxford Exchange'] }),
  P('Blind Tiger Cafe Ybor', 'cafe', 'tampa', '1901 E 7th Ave, Tampa', 27.96, -82.4386, 'Espresso on 7th Avenue; the tech & coffee crowd meets at the big table.', 'Daily 7am-8pm', { venues: ['Blind Tiger Cafe'] }),
  P('Curtis Hixon Waterfront Park', 'park', 'tampa', '600 N Ashley Dr, Tampa', 27.9497, -82.4626, 'Lawn, fountains and the Riverwalk. Markets in season.', 'Daily 7am-11pm', { venues: ['Curtis Hixon Park'], photo: ['#a8edea', '#fed6e3', '#3b6e4f'] }),
  P('Bayshore Boulevard at Rome Ave', 'park', 'tampa', 'Bayshore Blvd & S Rome Ave, Tampa', 27.9292, -82.479, 'Start of the longest continuous sidewalk in the country, along the bay.', 'Always open', { venues: ['Bayshore Blvd at Rome Ave'] }),
  P('The Hall on Franklin', 'restaurant', 'tampa', '1701 N Franklin St, Tampa', 27.9588, -82.4594, 'A food hall of small kitchens and a cocktail bar in the middle.', 'Daily 11am-11pm'),
  P('St. Pete Pier', 'park', 'st_pete', '600 2nd Ave NE, St. Petersburg', 27.7737, -82.6235, 'Half a mile into the bay: lawns, a splash pad and rooftop views back to downtown.', 'Daily 6am-midnight', { venues: ['St. Pete Pier'], photo: ['#00c6ff', '#0072ff', '#e0f7fa'] }),
  P('Green Bench Brewing', 'bar', 'st_pete', '1133 Baum Ave N, St. Petersburg', 27.7729, -82.6496, 'Sour ales and a big beer garden; open mic nights on the stage.', 'Mon-Thu 12pm-11pm, Fri-Sun 11am-midnight', { venues: ['Green Bench Brewing'] }),
  P('The Palladium', 'venue', 'st_pete', '253 5th Ave N, St. Petersburg', 27.7764, -82.6383, 'A 1925 church turned concert hall. Check in at the door screen in the lobby.', 'Box office Tue-Fri 11am-4pm and before shows', { venues: ['The Palladium'], checkInMode: 'door_screen', photo: ['#8e2de2', '#4a00e0', '#ff6a88'] }),
  P('Ichicoro Imoto', 'restaurant', 'st_pete', '2475 Central Ave, St. Petersburg', 27.771, -82.666, 'Ramen in the Grand Central district; ask for the long table.', 'Tue-Sun 11:30am-10pm'),
  P('The Canopy Rooftop', 'bar', 'st_pete', '340 Beach Dr NE, St. Petersburg', 27.775, -82.6318, 'Rooftop lounge over the waterfront parks.', 'Daily 4pm-midnight', { venues: ['The Canopy'] }),
  P('Pier 60', 'beach', 'clearwater', '1 Causeway Blvd, Clearwater', 27.9772, -82.8276, 'Sand volleyball courts, the fishing pier and the nightly sunset festival.', 'Beach always open; pier 6am-midnight', { venues: ['Pier 60 courts'], photo: ['#ffecd2', '#fcb69f', '#7a4e3a'] }),
  P('Sand Key Park', 'beach', 'clearwater', '1060 Gulf Blvd, Clearwater', 27.9605, -82.8283, 'Quieter sand south of the pass; kayak launch and picnic shelters.', 'Daily 7am-sunset', { venues: ['Sand Key Park'] }),
  P('Frenchy’s Rockaway Grill', 'restaurant', 'clearwater', '7 Rockaway St, Clearwater', 27.9855, -82.8285, 'Grouper sandwiches with your feet in the sand.', 'Daily 11am-10pm'),
  P('Clearwater Marine Aquarium', 'venue', 'clearwater', '249 Windward Passage, Clearwater', 27.977, -82.8197, 'Rescued dolphins and sea turtles; member nights some Thursdays.', 'Daily 9am-5pm'),
  P('Brandon Sports & Aquatic Center', 'gym', 'brandon', '502 Sadie Ln, Brandon', 27.9352, -82.286, 'Pool, courts, a gym and the park where the parents’ mornings happen.', 'Mon-Fri 6am-9pm, Sat-Sun 8am-6pm', { venues: ['Brandon Sports & Aquatic Center park'] }),
  P('Brandon Library', 'venue', 'brandon', '619 Vonderburg Dr, Brandon', 27.9356, -82.2897, 'Meeting rooms for board game nights and workshops.', 'Mon-Thu 10am-8pm, Fri-Sat 10am-6pm', { venues: ['Brandon Library'] }),
  P('Lithia Pinecrest Coffee Co.', 'cafe', 'brandon', '1001 Lithia Pinecrest Rd, Brandon', 27.929, -82.27, 'Neighbourhood roaster with a shaded patio.', 'Daily 6:30am-6pm', { photo: ['#d4a373', '#faedcd', '#6b4226'] }),
  P('Munn Park', 'park', 'lakeland', '210 E Main St, Lakeland', 28.0436, -81.9553, 'Downtown square under the oaks; food trucks on first Fridays.', 'Always open', { venues: ['Munn Park'] }),
  P('Lake Mirror Promenade', 'park', 'lakeland', '121 S Lake Ave, Lakeland', 28.0422, -81.9505, 'The classical promenade and the loop around the lake.', 'Always open', { venues: ['Lake Mirror promenade'], photo: ['#89f7fe', '#66a6ff', '#2f4858'] }),
  P('Circle B Bar Reserve', 'park', 'lakeland', '4399 Winter Lake Rd, Lakeland', 27.9905, -81.859, 'Marsh trails famous for alligators, herons and spoonbills.', 'Daily sunrise to sunset', { venues: ['Circle B Bar Reserve'] }),
  P('Black & Brew Coffee House', 'cafe', 'lakeland', '205 E Main St, Lakeland', 28.044, -81.9551, 'Coffee and crepes on the park.', 'Mon-Sat 7am-9pm, Sun 8am-6pm'),
  P('Lido Beach Pavilion', 'beach', 'sarasota', '400 Benjamin Franklin Dr, Sarasota', 27.3127, -82.5769, 'White sand, a pool and the yoga spot by the pavilion.', 'Daily 6am-midnight', { venues: ['Lido Beach pavilion'], photo: ['#f6d365', '#fda085', '#e8d5b7'] }),
  P('Selby Public Library', 'venue', 'sarasota', '1331 1st St, Sarasota', 27.3376, -82.5427, 'Where the book club meets, by the aquarium in the lobby.', 'Mon-Sat 10am-6pm', { venues: ['Selby Public Library'] }),
  P('Bayfront Park', 'park', 'sarasota', '5 Bayfront Dr, Sarasota', 27.334, -82.5436, 'Marina views and picnic lawns on the bay.', 'Daily 6am-midnight', { venues: ['Bayfront Park'] }),
  P('Towles Court Artist Colony', 'venue', 'sarasota', '1943 Morrill St, Sarasota', 27.3305, -82.536, 'Studios in old cottages; open on third Fridays.', 'Tue-Sat 11am-4pm'),
  P('Ybor Cigar Lounge', 'bar', 'tampa', '1600 E 7th Ave, Tampa', 27.9598, -82.4421, 'Closed for renovation until next season.', '', { active: false }),
];

/** Check-ins of the demo, by whom and how visible (a member's usual choice, sometimes another). */
const VISIBILITIES: CheckInVisibility[] = ['public', 'connections', 'private'];

export async function seedDemoLocations(db: Db, storage: Storage, rand: () => number): Promise<{ places: number; checkIns: number; hereNow: number; linkedEvents: number }> {
  const totals = { places: 0, checkIns: 0, hereNow: 0, linkedEvents: 0 };
  const [any] = await db.select({ id: locations.id }).from(locations).limit(1);
  if (any) return totals;

  const members = await db
    .select({ id: profiles.id, city: profiles.city })
    .from(profiles)
    .where(and(like(profiles.email, '%@bayclub.demo'), eq(profiles.applicationStatus, 'approved'), eq(profiles.isDeactivated, false)))
    .orderBy(asc(profiles.createdAt), asc(profiles.id));
  const [admin] = await db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin')).limit(1);
  const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)]!;

  const ids: string[] = [];
  for (const [i, p] of PLACES.entries()) {
    const [row] = await db
      .insert(locations)
      .values({
        name: p.name,
        category: p.category,
        city: p.city,
        address: p.address,
        latitude: p.latitude,
        longitude: p.longitude,
        description: p.description,
        openingHours: p.openingHours,
        checkInMode: p.checkInMode ?? 'poster',
        active: p.active ?? true,
        createdBy: admin?.id ?? null,
        createdAt: new Date(Date.now() - (40 - i) * 86_400_000),
      })
      .returning({ id: locations.id });
    const id = row!.id;
    ids.push(id);
    totals.places++;
    {
      // Every place has a photo, its cover on cards and its page (decision 025): its own palette, else one by its index.
      const palette = p.photo ?? PLACE_PALETTES[i % PLACE_PALETTES.length]!;
      const photo = await storeImage(storage, `locations/${id}/${Date.now()}-${i}`, await drawScene(palette, i + 3, 1200, 750));
      await db.insert(locationPhotos).values({ locationId: id, imageKey: photo.key, createdBy: admin?.id ?? null });
    }
    // The demo events held at this place point at it (those not linked yet).
    if (p.venues?.length) {
      const linked = await db
        .update(events)
        .set({ locationId: id })
        .where(and(inArray(events.venue, p.venues), isNull(events.locationId)))
        .returning({ id: events.id });
      totals.linkedEvents += linked.length;
    }
  }
  if (!members.length) return totals;

  // Each member's usual visibility: about 4 in 10 public, 4 connections (the default), 2 private.
  const usual = new Map(members.map((m) => [m.id, rand() < 0.4 ? 'public' : rand() < 0.67 ? 'connections' : 'private'] as const));
  const chosen = members.filter(() => rand() < 0.5);
  if (chosen.length) await db.insert(memberLocationSettings).values(chosen.map((m) => ({ userId: m.id, defaultVisibility: usual.get(m.id)! }))).onConflictDoNothing();
  const visibilityOf = (userId: string): CheckInVisibility => (rand() < 0.8 ? usual.get(userId)! : pick(VISIBILITIES));

  const active = PLACES.map((p, i) => ({ ...p, id: ids[i]! })).filter((p) => p.active !== false);
  const rows: Array<typeof locationCheckIns.$inferInsert> = [];
  // Three weeks of evenings out: mostly in the member's own city, one day apart at most once per place and day.
  for (const m of members) {
    const home = active.filter((p) => p.city === m.city);
    const days = new Set<number>();
    const count = 3 + Math.floor(rand() * 6);
    for (let n = 0; n < count; n++) {
      const day = 1 + Math.floor(rand() * 21);
      if (days.has(day)) continue;
      days.add(day);
      const place = home.length && rand() < 0.8 ? pick(home) : pick(active);
      const at = new Date(Date.now() - day * 86_400_000 - Math.floor(rand() * 10 * 3_600_000));
      const checkedOut = rand() < 0.3 ? new Date(at.getTime() + 60 * 60_000) : null;
      rows.push({ locationId: place.id, userId: m.id, visibility: visibilityOf(m.id), method: rand() < 0.8 ? 'poster' : 'position', createdAt: at, checkedOutAt: checkedOut });
    }
  }
  // Here now: a handful of busy places with members who checked in in the last two and a half hours.
  const busy = [...active].sort(() => rand() - 0.5).slice(0, 7);
  const here = [...members].sort(() => rand() - 0.5);
  let next = 0;
  for (const place of busy) {
    const crowd = 2 + Math.floor(rand() * 4);
    for (let k = 0; k < crowd && next < here.length; k++, next++) {
      const m = here[next]!;
      const at = new Date(Date.now() - Math.floor(rand() * 150) * 60_000);
      rows.push({ locationId: place.id, userId: m.id, visibility: rand() < 0.6 ? 'public' : visibilityOf(m.id), method: place.checkInMode === 'door_screen' ? 'door' : 'poster', createdAt: at });
      totals.hereNow++;
    }
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(locationCheckIns).values(rows.slice(i, i + 500));
  totals.checkIns = rows.length;
  return totals;
}
