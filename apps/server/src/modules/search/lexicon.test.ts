import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ALL_INTERESTS, CITIES, CITY_LABELS, LOCATION_CATEGORIES, searchWords } from '@bayclub/shared';
import { rowsOf } from '../../platform/sql.js';
import { z } from 'zod';
import { buildTestApp } from '../../test/helpers.js';
import { WORD_MIN_LENGTH } from './service.js';

// Migration 0012 writes the words of the spec's fixed lists into the lexicon by hand (a migration cannot import the
// shared package), so typos of them are corrected before any row uses them. The lists live in @bayclub/shared: a word
// added there and not to a migration would go uncorrected. This holds the two together.
const t = await buildTestApp();

describe('the search lexicon', () => {
  it("holds every word of the spec's fixed lists (cities, interests, place categories) from the start", async () => {
    // The lexicon keeps words of 3 to 32 letters (search_words_length): shorter ones are never corrected.
    const fixed = new Set(
      [...CITIES, ...Object.values(CITY_LABELS), ...ALL_INTERESTS, ...LOCATION_CATEGORIES]
        .flatMap((w) => searchWords(w, 100))
        .filter((w) => w.length >= WORD_MIN_LENGTH && w.length <= 32),
    );
    const rows = rowsOf(await t.ctx.database.db.execute(sql`select word from search_words`), z.object({ word: z.string() }));
    const lexicon = new Set(rows.map((r) => r.word));
    expect([...fixed].filter((w) => !lexicon.has(w))).toEqual([]);
  });
});
