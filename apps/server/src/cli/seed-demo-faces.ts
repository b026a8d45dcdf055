import { createAvatar } from '@dicebear/core';
import * as lorelei from '@dicebear/lorelei';
import { and, eq, isNull, like } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/client.js';
import { profiles } from '../db/schema/index.js';
import { processImage } from '../platform/images.js';
import { publicUrl } from '../platform/storage/storage.js';
import type { Storage } from '../platform/storage/index.js';

/**
 * Faces for the demo members (decision 025): DiceBear's Lorelei illustrations (design CC0 1.0, code MIT; see
 * docs/licences.md), drawn from the username at seed time, offline, with no file shipped and nothing downloaded.
 * Each goes through the same pipeline as an upload (sharp re-encode to the 1080/480/160 WebP variants) into the
 * profile-pictures bucket under `{userId}/profile`, as the picture route stores them.
 */

/** Soft backgrounds that read in both themes; the seed picks one, so members differ at a glance. */
const BACKGROUNDS = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf', 'c7f2d4', 'fde68a'];

/** A face as PNG bytes, the same for the same seed on every machine. */
export async function drawFace(seed: string): Promise<Buffer> {
  const svg = createAvatar(lorelei, { seed, size: 512, backgroundColor: BACKGROUNDS, backgroundType: ['solid'] }).toString();
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Store a face for `userId` the way the picture route does; returns the profile's picture URL. */
export async function storeFace(storage: Storage, userId: string, seed: string): Promise<string> {
  const image = await processImage(await drawFace(seed));
  for (const v of image.variants) await storage.put('profile-pictures', `${userId}/profile${v.suffix}.webp`, v.body, 'image/webp');
  return `${publicUrl('profile-pictures', `${userId}/profile.webp`)}?v=${Date.now()}`;
}

/**
 * Every demo account (an address at bayclub.demo) without a picture gets a face. Run on every seed, so a demo
 * seeded before faces existed gets them on the next run; a member who set their own picture keeps it. Two at a
 * time (sharp's pool is shared with nothing else here, and the machine may be small).
 */
export async function seedDemoFaces(db: Db, storage: Storage): Promise<number> {
  const faceless = await db
    .select({ id: profiles.id, username: profiles.username, email: profiles.email })
    .from(profiles)
    .where(and(isNull(profiles.profilePictureUrl), like(profiles.email, '%@bayclub.demo')));
  let next = 0;
  const worker = async () => {
    while (next < faceless.length) {
      const p = faceless[next++]!;
      const url = await storeFace(storage, p.id, p.username ?? p.email ?? p.id);
      await db.update(profiles).set({ profilePictureUrl: url }).where(eq(profiles.id, p.id));
    }
  };
  await Promise.all([worker(), worker()]);
  return faceless.length;
}
