import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DirectoryPage, SearchResponse, SearchType } from '@bayclub/shared';
import { buildTestApp, createMember, injectAs, type TestUser } from '../../test/helpers.js';
import { insertCommunity } from '../../test/communities.js';
import { rowsOf, textArray } from '../../platform/sql.js';
import { quickMember } from '../connections/social-fixtures.js';
import { createTestEvent } from '../events/event-fixtures.js';
import { createTestLocation } from '../locations/location-fixtures.js';
import { createPost } from '../posts/post-fixtures.js';
import { foldWord } from './service.js';

// Issue 26: search treats accents as the language expects. Global search and the directory's name search compare
// text folded by bayclub_fold (migration 0024: lower case, accents off) on both engines, through the trigram
// indexes built on the folded text; the lexicon holds folded words.

const t = await buildTestApp();
const db = t.ctx.database.db;

const search = (who: TestUser, q: string) => injectAs(t, who, { method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
async function found(who: TestUser, q: string): Promise<SearchResponse> {
  const res = await search(who, q);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResponse;
}
const idsOf = (r: SearchResponse, type: SearchType) => r.results.filter((x) => x.type === type).map((x) => x.id);

async function directory(who: TestUser, q: string): Promise<string[]> {
  const res = await injectAs(t, who, { method: 'GET', url: `/api/directory?q=${encodeURIComponent(q)}&limit=50` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as DirectoryPage).items.map((c) => c.id);
}

/** Letters only (no digits: a word of its own to the lexicon), unlike any other word of this file. */
const tag = () => `zq${crypto.randomBytes(5).toString('hex').replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;

const searcher = await createMember(t);

describe('global search: accents and case', () => {
  it('"tampa café" finds a place and an event called "Tampa Cafe", and "tampa cafe" their accented twins', async () => {
    const place = await createTestLocation(db, { name: 'Tampa Cafe' });
    const event = await createTestEvent(db, { title: 'Tampa Cafe', description: 'Coffee by the bay' });
    const accentedPlace = await createTestLocation(db, { name: 'Tampa Café' });
    const accentedEvent = await createTestEvent(db, { title: 'Tampa Café', description: 'Café con leche' });

    for (const q of ['tampa café', 'Tampa Café', 'TAMPA CAFÉ', 'tampa cafe', 'TAMPA CAFE']) {
      const r = await found(searcher, q);
      expect(idsOf(r, 'place'), q).toEqual(expect.arrayContaining([place, accentedPlace]));
      expect(idsOf(r, 'event'), q).toEqual(expect.arrayContaining([event, accentedEvent]));
      // Both are exact matches once folded: they come first, whichever way the query is written.
      expect(idsOf(r, 'place').slice(0, 2).sort(), q).toEqual([place, accentedPlace].sort());
    }
  });

  it('"cafe" finds "Café Con Leche" (a place, a community, an event, a post) and names the written form in terms', async () => {
    const author = await createMember(t);
    const place = await createTestLocation(db, { name: 'Café Con Leche' });
    const community = await insertCommunity(t, { name: 'Café Con Leche Club' });
    const event = await createTestEvent(db, { title: 'Café Con Leche morning' });
    const post = await createPost(t, author, { content: 'Café con leche at the market, anyone?' });

    for (const q of ['cafe', 'CAFE', 'café', 'Café con leche', 'cafe con leche']) {
      const r = await found(searcher, q);
      expect(idsOf(r, 'place'), q).toContain(place);
      expect(idsOf(r, 'community'), q).toContain(community);
      expect(idsOf(r, 'event'), q).toContain(event);
      expect(idsOf(r, 'post'), q).toContain(post.id);
    }
    // The results spell it "café": highlighting is told so.
    expect((await found(searcher, 'cafe')).terms).toEqual(expect.arrayContaining(['cafe', 'café']));
    // "Café con leche" exactly: the place is an exact match (folded), ranked first.
    expect(idsOf(await found(searcher, 'cafe con leche'), 'place')[0]).toBe(place);
  });

  it('a member named "José Núñez" is found by "jose nunez", any case, and ranks as an exact name', async () => {
    const t1 = tag();
    const jose = (await quickMember(t, { fullName: `José Núñez ${t1}` })).id;
    for (const q of [`jose nunez ${t1}`, `JOSE NUNEZ ${t1}`, `José Núñez ${t1}`, `josé nuñez ${t1}`, `nunez ${t1}`]) {
      expect(idsOf(await found(searcher, q), 'user'), q).toEqual([jose]);
    }
    // In a bio too, and the other way round: an unaccented name found by an accented query.
    const t2 = tag();
    const bio = (await quickMember(t, { bio: `Vivo en Tampa, hablo español ${t2}` })).id;
    expect(idsOf(await found(searcher, `espanol ${t2}`), 'user')).toEqual([bio]);
    const plain = (await quickMember(t, { fullName: `Jose Nunez ${t2}` })).id;
    expect(idsOf(await found(searcher, `José Núñez ${t2}`), 'user')).toEqual([plain]);
  });

  it('the lexicon holds folded words: a typo of an accented word finds it, the row spelling it with accents', async () => {
    const w = tag();
    const author = await createMember(t);
    const post = await createPost(t, author, { content: `Ñandú${w} sighting at the preserve` });
    const words = rowsOf(
      await db.execute(sql`select word from search_words where word like ${`%${w}%`}`),
      z.object({ word: z.string() }),
    ).map((r) => r.word);
    expect(words).toEqual([`nandu${w}`]);
    // Accented, plain, and with one letter dropped (the typo goes through the lexicon).
    for (const q of [`ñandú${w}`, `nandu${w}`, `nandu${w.slice(0, 4)}${w.slice(5)}`, `ñandu${w.slice(0, 4)}${w.slice(5)}`]) {
      const r = await found(searcher, q);
      expect(idsOf(r, 'post'), q).toEqual([post.id]);
    }
    const typo = await found(searcher, `nandu${w.slice(0, 4)}${w.slice(5)}`);
    expect(typo.terms).toEqual(expect.arrayContaining([`nandu${w}`, `ñandú${w}`]));
  });

  it('still case-insensitive without accents; a query of marks alone finds nothing', async () => {
    const w = tag();
    const community = await insertCommunity(t, { name: `Sunset ${w} Paddlers`, description: 'KAYAK and SUP' });
    expect(idsOf(await found(searcher, `SUNSET ${w.toUpperCase()}`), 'community')).toEqual([community]);
    expect(idsOf(await found(searcher, `kayak ${w}`), 'community')).toEqual([community]);
    const marks = await found(searcher, '\u0301\u0301\u0301');
    expect(marks.results).toEqual([]);
  });
});

describe('the directory: accents and case', () => {
  it('"jose nunez" finds "José Núñez", and the reverse', async () => {
    const w = tag();
    const jose = (await quickMember(t, { fullName: `José Núñez ${w}` })).id;
    const plain = (await quickMember(t, { fullName: `Jose Nunez ${w}` })).id;
    for (const q of [`jose nunez ${w}`, `JOSÉ NÚÑEZ ${w}`, `Nuñez ${w}`, `NUNEZ ${w}`]) {
      expect((await directory(searcher, q)).sort(), q).toEqual([jose, plain].sort());
    }
    // The username (lower-case ASCII) still matches whatever the case.
    const handle = `nunez-${w}`;
    const byHandle = (await quickMember(t, { username: handle })).id;
    expect(await directory(searcher, handle.toUpperCase())).toEqual([byHandle]);
  });

  it('the name sort puts "Álvaro" with the a\'s and "Émile" with the e\'s, page after page', async () => {
    const w = tag();
    const zoe = (await quickMember(t, { fullName: `Zoe ${w}` })).id;
    const emile = (await quickMember(t, { fullName: `Émile ${w}` })).id;
    const bruno = (await quickMember(t, { fullName: `bruno ${w}` })).id;
    const alvaro = (await quickMember(t, { fullName: `Álvaro ${w}` })).id;
    const sorted = async (query: string) => {
      const res = await injectAs(t, searcher, { method: 'GET', url: `/api/directory?q=${w}&sort=name&${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as DirectoryPage;
    };
    expect((await sorted('limit=50')).items.map((c) => c.id)).toEqual([alvaro, bruno, emile, zoe]);
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: DirectoryPage = await sorted(`limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      walked.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked).toEqual([alvaro, bruno, emile, zoe]);
  });

  it('%, _ and \\ stay literal after folding (full-width forms fold to them)', async () => {
    const w = tag();
    const percent = (await quickMember(t, { fullName: `Zoe ${w} 100% Fun` })).id;
    await quickMember(t, { fullName: `Zoe ${w} 1000 Fun` });
    expect(await directory(searcher, `${w} 100％`)).toEqual([percent]);
    expect(await directory(searcher, `${w} 100%`)).toEqual([percent]);
    expect(await directory(searcher, `${w} 10＿`)).toEqual([]);
    expect(await directory(searcher, `${w} 100＼`)).toEqual([]);
  });
});

describe('foldWord (a result word folded in JavaScript, for terms) agrees with bayclub_fold', () => {
  it('on accented, compatibility and special letters', async () => {
    const samples = ['café', 'José', 'Núñez', 'Straße', 'Ærøskøbing', 'Łódź', 'Œuvre', 'Þór', 'ＴＡＭＰＡ', 'ﬁesta', 'São', 'Ñandú', 'İzmir'];
    const rows = rowsOf(
      await db.execute(sql`select w, bayclub_fold(w) as f from unnest(${textArray(samples)}) as w`),
      z.object({ w: z.string(), f: z.string() }),
    );
    expect(rows.map((r) => [r.w, foldWord(r.w)])).toEqual(rows.map((r) => [r.w, r.f]));
  });
});
