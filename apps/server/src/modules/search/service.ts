import { sql } from 'drizzle-orm';
import {
  ALL_INTERESTS,
  CITIES,
  CITY_LABELS,
  LOCATION_CATEGORIES,
  SEARCH_LIMITS,
  SEARCH_TYPES,
  clubStartOfToday,
  escapeRegExp,
  searchWords,
  type LimitedUserFlags,
  type SearchResponse,
  type SearchType,
} from '@bayclub/shared';
import type { Db } from '../../db/client.js';
import type { Actor } from '../access/index.js';
import { viewerOf } from '../events/index.js';
import { readerOf } from '../posts/index.js';
import { countsOf, presentResult } from './presenter.js';
import { scopeNeedsFlags, searchScope } from './policy.js';
import * as repo from './repository.js';
import type { SearchRow } from './repository.js';

const noCounts = () => Object.fromEntries(SEARCH_TYPES.map((t) => [t, 0])) as Record<SearchType, number>;
const length = (s: string) => Array.from(s).length;

/** Query words shorter than this take no part in word matching (one or two letters are in nearly everything). */
export const WORD_MIN_LENGTH = 3;

/**
 * The regular expressions of word matching, one per query word of WORD_MIN_LENGTH letters or more: the word (folded,
 * as the fields it is matched against) or one of its typo alternatives. A row matches them when it holds every word
 * somewhere, in any order. None for a single word without alternatives: that is the query as typed, which always
 * matches on its own.
 */
export function wordPatterns(words: string[], alternatives: string[][]): string[] {
  const used = words.map((w, i) => ({ w, alts: alternatives[i] ?? [] })).filter((x) => x.w.length >= WORD_MIN_LENGTH);
  if (!used.length || (used.length === 1 && !used[0]!.alts.length)) return [];
  return used.map(({ w, alts }) => `(${[w, ...alts].map(escapeRegExp).join('|')})`);
}

/**
 * PostgreSQL's regex form of the (folded) query as a whole word: every character but letters and digits escaped.
 * Built from text the database folded already: folding a pattern would turn `\M` into `\m`.
 */
export const wholeWordPattern = (q: string) => `\\m${q.replace(/[^\p{L}\p{N}]/gu, (c) => `\\${c}`)}\\M`;

/** Words of the spec's fixed lists (cities, interests, place categories): public, never a sign of hidden content. */
const PUBLIC_WORDS = new Set(
  [...CITIES, ...Object.values(CITY_LABELS), ...ALL_INTERESTS, ...LOCATION_CATEGORIES].flatMap((w) => searchWords(w, 100)),
);

/**
 * Letters unaccent (bayclub_fold) writes as other letters rather than as a base letter and marks: the ones Unicode
 * decomposition leaves alone.
 */
const FOLDED_LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', ħ: 'h', ı: 'i', ŀ: 'l', ŧ: 't', ŋ: 'n', þ: 'th' };

/**
 * A word of a result, folded in JavaScript the way bayclub_fold folds it in the database (lower case, marks off), to
 * be compared with folded query words and lexicon words. Where the two would differ (a letter neither covers), a
 * word is merely not recognized: it is left out of `terms`, never put in.
 */
export function foldWord(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœøłđðħıŀŧŋþ]/gu, (c) => FOLDED_LETTERS[c] ?? c);
}

/**
 * What the answer says matched (`terms`, for highlighting): the query and its words as typed; only those typo
 * alternatives that are in what the searcher may open: a word of a result they were given, or of the spec's public
 * lists; and the results' own spellings of the query's words and those alternatives (a search for "cafe" names
 * "café" when a result says "Café"). The lexicon holds every word of every row, hidden ones included (a private
 * community's post, a blocked member's bio, an applicant's name, a deleted post), so echoing its alternatives would
 * prove such a word exists (issue 21, decision 026). Checked against the rows already read: no statement more.
 * `folded` is the query's words and alternatives folded (FoldedQuery), as the lexicon holds words.
 */
export function visibleTerms(q: string, words: string[], folded: Pick<repo.FoldedQuery, 'words' | 'alternatives'>, rows: SearchRow[]): string[] {
  // Folded word -> the results' spellings of it (lower case).
  const seen = new Map<string, Set<string>>();
  for (const r of rows) {
    for (const text of [r.title, r.subtitle, r.body, r.city]) {
      if (!text) continue;
      for (const w of searchWords(text, 10_000)) {
        const key = foldWord(w);
        const spellings = seen.get(key) ?? new Set<string>();
        spellings.add(w);
        seen.set(key, spellings);
      }
    }
  }
  const shown = folded.alternatives.flat().filter((w) => seen.has(w) || PUBLIC_WORDS.has(w));
  const written = [...folded.words, ...shown].flatMap((w) => [...(seen.get(w) ?? [])]);
  return [...new Set([q, ...words, ...shown, ...written].filter(Boolean))];
}

/**
 * The folded query's words without repeats ("café cafe" is one word twice), each with its alternatives: word
 * matching asks each once.
 */
function distinctWords(folded: repo.FoldedQuery): { words: string[]; alternatives: string[][] } {
  const words: string[] = [];
  const alternatives: string[][] = [];
  folded.words.forEach((w, i) => {
    if (words.includes(w)) return;
    words.push(w);
    alternatives.push(folded.alternatives[i] ?? []);
  });
  return { words, alternatives };
}

export function createSearchService(deps: { db: Db; flags: () => Promise<LimitedUserFlags>; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * GET /api/search: up to 5 of each type the searcher could open, best first, with capped counts (decision 017).
     * Statements: none for a blank or too short query; else BEGIN, SET LOCAL, the lexicon, the search, COMMIT (a
     * limited member's flags are one more read).
     */
    async search(actor: Actor, q: string): Promise<SearchResponse> {
      const postsSearched = length(q) >= SEARCH_LIMITS.postsMinLength;
      const empty: SearchResponse = { query: q, results: [], counts: noCounts(), terms: [], postsSearched };
      if (length(q) < SEARCH_LIMITS.minLength) return empty;
      const scope = searchScope(actor, scopeNeedsFlags(actor) ? await deps.flags() : null);
      if (!scope.users && !scope.communities && !scope.events && !scope.posts && !scope.places) return empty;
      const words = searchWords(q);
      // A search's best plan depends on its text (a rare word: the trigram indexes; a common one: walk the newest
      // posts and stop), and the app's connections keep generic plans (decision 010): this transaction plans the
      // statements for their values, as the directory's search does (decision 018).
      return db.transaction(async (tx) => {
        // JIT too: compiling these statements (estimated dear, run in milliseconds) took 40-50 ms (decision 017).
        await tx.execute(sql`select set_config('plan_cache_mode', 'force_custom_plan', true), set_config('jit', 'off', true)`);
        const folded = await repo.foldedQuery(tx, q, words);
        // Only marks (folded to nothing) or blanks: nothing to look for ("%%" would match every row).
        if (!folded.q.trim()) return empty;
        const distinct = distinctWords(folded);
        const rows = await repo.search(tx, {
          q: folded.q,
          wordPatterns: wordPatterns(distinct.words, distinct.alternatives),
          wholeWord: wholeWordPattern(folded.q),
          searcherId: actor.userId,
          users: scope.users,
          communities: scope.communities,
          events: scope.events ? viewerOf(actor) : null,
          posts: scope.posts && postsSearched ? readerOf(actor) : null,
          places: scope.places,
          today: clubStartOfToday(now()),
          cap: SEARCH_LIMITS.countCap,
          perType: SEARCH_LIMITS.perType,
        });
        const terms = visibleTerms(q, words, folded, rows);
        return { query: q, results: rows.map((r) => presentResult(r, terms)), counts: countsOf(rows), terms, postsSearched };
      });
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
