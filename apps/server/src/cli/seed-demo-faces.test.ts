import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { profiles } from '../db/schema/index.js';
import { buildTestApp, createMember } from '../test/helpers.js';
import { drawFace, seedDemoFaces } from './seed-demo-faces.js';

// Decision 025: every demo member has a face, drawn offline and stored through the upload pipeline (all variants).
const t = await buildTestApp();
const db = t.ctx.database.db;

const demo = async (email: string, picture: string | null = null) => {
  const m = await createMember(t);
  await db.update(profiles).set({ email, profilePictureUrl: picture }).where(eq(profiles.id, m.id));
  return m.id;
};
const pictureOf = async (id: string) =>
  (await db.select({ url: profiles.profilePictureUrl }).from(profiles).where(eq(profiles.id, id)))[0]!.url;

describe('seed:demo faces', () => {
  it('draws the same face for the same seed, as an image sharp reads', async () => {
    const [a, b] = await Promise.all([drawFace('ava.rivera'), drawFace('ava.rivera')]);
    expect(a.equals(b)).toBe(true);
    expect(await sharp(a).metadata()).toMatchObject({ format: 'png', width: 512, height: 512 });
  });

  it('gives every demo member without a picture a face with its three variants, keeps own pictures, and runs once', async () => {
    const faceless = [await demo('one@bayclub.demo'), await demo('two@bayclub.demo')];
    const own = await demo('own@bayclub.demo', '/media/profile-pictures/x/profile.webp?v=1');
    const outsider = await demo('someone@example.com');

    expect(await seedDemoFaces(db, t.ctx.storage)).toBe(2);
    for (const id of faceless) {
      expect(await pictureOf(id)).toMatch(new RegExp(`^/media/profile-pictures/${id}/profile\\.webp\\?v=\\d+$`));
      for (const suffix of ['', '-480', '-160']) expect(await t.ctx.storage.exists('profile-pictures', `${id}/profile${suffix}.webp`)).toBe(true);
    }
    expect(await pictureOf(own)).toBe('/media/profile-pictures/x/profile.webp?v=1');
    expect(await pictureOf(outsider)).toBeNull();
    // Every demo member has a picture now: a second run has nothing to do.
    expect(await seedDemoFaces(db, t.ctx.storage)).toBe(0);
  });
});
