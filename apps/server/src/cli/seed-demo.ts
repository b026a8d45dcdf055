import { eq } from 'drizzle-orm';
import { CITIES, INTEREST_CATEGORIES, RELATIONSHIP_STATUSES, type City } from '@bayclub/shared';
import { loadConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { membershipApplications, userRoles, users } from '../db/schema/index.js';
import { insertCredentialUser, insertProfile } from '../modules/accounts/index.js';
import { betterAuthPasswords } from '../modules/auth/index.js';
import { createStorage } from '../platform/storage/index.js';
import { openCliDatabase } from './open.js';
import { seedDemoCommunities } from './seed-demo-communities.js';
import { seedDemoEvents } from './seed-demo-events.js';
import { seedDemoFaces } from './seed-demo-faces.js';
import { DEMO_ADMIN_EMAIL, demoLogins } from './seed-demo-logins.js';
import { seedDemoLocations } from './seed-demo-locations.js';
import { seedDemoPayments } from './seed-demo-payments.js';
import { seedDemoBackOffice } from './seed-demo-back-office.js';
import { seedDemoIntegrations } from './seed-demo-integrations.js';

/** A realistic demo community. Everyone's password is the same, so a newcomer can try every account. */
const PASSWORD = 'bayclub-demo';
const ADMIN_EMAIL = DEMO_ADMIN_EMAIL;

const FIRST = ['Ava', 'Liam', 'Maya', 'Noah', 'Zoe', 'Ethan', 'Isla', 'Lucas', 'Chloe', 'Mateo', 'Nora', 'Owen', 'Ruby', 'Elijah', 'Layla', 'Caleb', 'Stella', 'Julian', 'Hazel', 'Miles', 'Aria', 'Leo', 'Naomi', 'Ezra', 'Camila'];
const LAST = ['Rivera', 'Nguyen', 'Patel', 'Johnson', 'Brooks', 'Garcia', 'Kim', 'Thompson', 'Alvarez', 'Reed', 'Okafor', 'Bennett', 'Santos', 'Hughes', 'Moreau'];
/** The first names of the demo members who chose Español in Settings. */
const SPANISH_READERS = new Set(['Mateo', 'Camila']);
const BIOS = [
  'Sunrise runs on Bayshore, sunset tacos after.',
  'New to St Pete and looking for people who love live music.',
  'Coffee snob, weekend kayaker, terrible at karaoke.',
  'Product designer. Will trade design feedback for restaurant tips.',
  'Beach volleyball most Saturdays at Clearwater. Come play!',
  'Nurse by day, amateur baker by night.',
  'Exploring every food truck in Tampa Bay, one at a time.',
  'Book club regular. Currently reading too many things at once.',
  'Yoga teacher who still cannot touch her toes on Mondays.',
  'Lakeland local. Ask me about the best hiking trails nearby.',
];

// A small deterministic generator keeps the demo the same on every machine.
let state = 42;
const rand = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)]!;
const interestsSample = () => {
  const all = INTEREST_CATEGORIES.flatMap((c) => c.options);
  const n = 3 + Math.floor(rand() * 6);
  return [...new Set(Array.from({ length: n }, () => pick(all)))];
};

async function main() {
  const { database, publicUrl } = await openCliDatabase();
  const db = database.db;
  try {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
    if (existing) {
      console.log('The demo community is already here.');
      // A demo seeded before events existed gets them now (nothing happens once any event exists).
      const storage = createStorage(loadConfig());
      const ev = await seedDemoEvents(db, storage, rand);
      if (ev.events) console.log(`Added ${ev.events} events (${ev.registrations} RSVPs).`);
      // Likewise places and check-ins (nothing happens once any place exists); after events, to link them.
      const loc = await seedDemoLocations(db, storage, rand);
      if (loc.places) console.log(`Added ${loc.places} places (${loc.checkIns} check-ins, ${loc.hereNow} here now; ${loc.linkedEvents} events linked).`);
      // And faces for members seeded before faces existed (nothing happens once every demo member has a picture).
      const faces = await seedDemoFaces(db, storage);
      if (faces) console.log(`Added faces for ${faces} demo members.`);
      // And a paid event against the local Stripe double (nothing happens once any event has a price).
      const pay = await seedDemoPayments(db, loadConfig());
      if (pay.events) console.log(`Added a paid event (${pay.payments} payments, ${pay.waitlisted} on its waitlist).`);
      // And the back office's reports, CRM notes, tags and segments (nothing happens once any CRM note exists).
      const office = await seedDemoBackOffice(db, rand);
      if (office.notes) console.log(`Added ${office.reports} reports, ${office.notes} CRM notes, ${office.tags} tags and ${office.segments} segments.`);
      // And web vitals, app opens and linked Instagram accounts (nothing happens once any web vital report exists).
      const integrations = await seedDemoIntegrations(db, rand);
      if (integrations.vitals)
        console.log(`Added ${integrations.vitals} web vital reports, ${integrations.appOpens} app opens and ${integrations.instagramLinks} linked Instagram accounts.`);
      await printSignIn(db, publicUrl);
      return;
    }
    console.log('Creating the demo community (a few seconds: every password is hashed for real)...');
    const adminId = await db.transaction(async (tx) => {
      const id = await insertCredentialUser(tx, { name: 'Dana Admin', email: ADMIN_EMAIL, passwordHash: await betterAuthPasswords.hash(PASSWORD) });
      await insertProfile(tx, id, {
        accountType: 'full_platform',
        applicationStatus: 'approved',
        fullName: 'Dana Admin',
        email: ADMIN_EMAIL,
        username: 'dana',
        bio: 'Community lead at Bay Club. Say hi!',
        city: 'tampa',
        age: 34,
        gender: 'Female',
        relationshipStatus: 'not_specified',
        interests: ['Networking', 'Local Events', 'Coffee'],
        isVerified: true,
      });
      await tx.insert(userRoles).values({ userId: id, role: 'admin' });
      return id;
    });

    const memberIds: string[] = [];
    for (let i = 0; i < 50; i++) {
      const first = FIRST[i % FIRST.length]!;
      const last = LAST[(i * 7) % LAST.length]!;
      const name = `${first} ${last}`;
      const username = `${first}.${last}`.toLowerCase().replace(/[^a-z0-9]/g, '') + (i >= FIRST.length ? String(i) : '');
      const email = `${username}@bayclub.demo`;
      const limited = i % 10 === 9; // a few approved community members (limited by the flags, decision 009)
      const id = await db.transaction(async (tx) => {
        const uid = await insertCredentialUser(tx, { name, email, passwordHash: await betterAuthPasswords.hash(PASSWORD) });
        await insertProfile(tx, uid, {
          accountType: limited ? 'community_only' : 'full_platform',
          applicationStatus: 'approved',
          fullName: name,
          email,
          username,
          bio: pick(BIOS),
          city: CITIES[i % CITIES.length] as City,
          age: 21 + Math.floor(rand() * 40),
          gender: i % 2 === 0 ? 'Female' : 'Male',
          relationshipStatus: pick(RELATIONSHIP_STATUSES),
          interests: interestsSample(),
          instagramUsername: rand() > 0.5 ? username.replace(/-/g, '_') : null,
          isVerified: rand() > 0.8,
        });
        // A few members read the club in Spanish (issue 26): their pages, mails and pushes come in it.
        if (SPANISH_READERS.has(first)) await tx.update(users).set({ language: 'es' }).where(eq(users.id, uid));
        return uid;
      });
      memberIds.push(id);
    }
    await db.insert(userRoles).values({ userId: memberIds[0]!, role: 'moderator' });
    await db.insert(userRoles).values({ userId: memberIds[1]!, role: 'crm_user' });

    const pending = [
      ['Priya Shah', 'priya', 'sarasota'],
      ['Marcus Bell', 'marcus', 'brandon'],
      ['Sofia Marin', 'sofia', 'st_pete'],
      ['Theo Walsh', 'theo', 'clearwater'],
    ] as const;
    for (const [name, username, city] of pending) {
      const email = `${username}@bayclub.demo`;
      await db.transaction(async (tx) => {
        const uid = await insertCredentialUser(tx, { name, email, passwordHash: await betterAuthPasswords.hash(PASSWORD) });
        const details = { username, city, age: 25 + Math.floor(rand() * 20), bio: pick(BIOS), interests: interestsSample(), gender: null, relationshipStatus: 'not_specified' };
        await insertProfile(tx, uid, { ...details, accountType: 'community_only', applicationStatus: 'pending', fullName: name, email });
        await tx.insert(membershipApplications).values({ ...details, name, email, status: 'pending', createdUserId: uid });
      });
    }

    const storage = createStorage(loadConfig());
    const limitedIds = memberIds.filter((_, i) => i % 10 === 9);
    const c = await seedDemoCommunities(db, storage, { memberIds, adminId, limitedIds, rand });
    const ev = await seedDemoEvents(db, storage, rand);
    const loc = await seedDemoLocations(db, storage, rand);
    const faces = await seedDemoFaces(db, storage);
    const pay = await seedDemoPayments(db, loadConfig());
    const office = await seedDemoBackOffice(db, rand);
    const integrations = await seedDemoIntegrations(db, rand);

    console.log(
      `Created 1 admin, 50 members (5 community-only), ${pending.length} pending applications, ${c.communities} communities, ` +
        `${c.posts} posts (${c.photos} with photos), ${c.likes} likes and ${c.comments} comments, ` +
        `${ev.events} events (${ev.registrations} RSVPs, ${ev.waitlisted} waitlisted, ${ev.checkedIn} checked in), ` +
        `${loc.places} places (${loc.checkIns} check-ins, ${loc.hereNow} here now; ${loc.linkedEvents} events at them), ` +
        `${faces} faces, ${pay.events} paid event (${pay.payments} payments, ${pay.waitlisted} waitlisted), ` +
        `${office.reports} more reports, ${office.notes} CRM notes, ${office.tags} tags and ${office.segments} segments, ` +
        `${integrations.vitals} web vital reports, ${integrations.appOpens} app opens and ${integrations.instagramLinks} linked Instagram accounts.`,
    );
    await printSignIn(db, publicUrl);
  } finally {
    await database.close();
  }
}

async function printSignIn(db: Db, publicUrl: string) {
  const lines = await demoLogins(db);
  const width = Math.max(...lines.map(([email]) => email.length)) + 2;
  console.log(`
Sign in at ${publicUrl}/login with password "${PASSWORD}" and one of:
${lines.map(([email, what]) => `  ${email.padEnd(width)} ${what}`).join('\n')}
  Any other demo member has an address like firstnamelastname@bayclub.demo.
Signed in, press Ctrl+K (Cmd+K on a Mac) to search members, communities, events and posts (try "yoga" or "sunset").
`);
}

void main();
