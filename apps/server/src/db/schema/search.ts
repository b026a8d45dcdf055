import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Global search's lexicon (issue 13, decision 017): every distinct word (3 to 32 letters or digits, folded by
 * bayclub_fold since migration 0024: lower case, accents off) of the searched text: members' names, usernames and
 * bios, communities' names and descriptions, events' titles and descriptions, posts, places. Triggers of migration 0009 add a row's new words in the transaction that writes it.
 * Typo tolerance asks it, not the posts: a misspelled word is matched by trigram word similarity against these
 * short words (one small GIN index), and the posts are then searched for the words it found, with the same
 * cheap "contains" as the query itself. Words are never removed: one that no longer occurs finds nothing.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [
    index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
    check('search_words_length', sql`char_length(${t.word}) BETWEEN 3 AND 32`),
  ],
);
