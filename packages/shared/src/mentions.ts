import { z } from 'zod';
import type { MemberSummary } from './connections.js';

/** Issue 21: @username mentions in posts and comments. */
export const MENTION_LIMITS = {
  /** Members resolved (and notified) per post or comment; further names stay text. */
  perText: 10,
  /** Suggestions the composer's popover shows. */
  suggestions: 6,
  /** Longest typed prefix the suggestions take (a username's maximum). */
  queryMax: 30,
} as const;

/**
 * `@name` where name has a username's characters and does not follow a letter, digit or `@` (an email address is no
 * mention). Usernames are stored lowercase; a mention matches case-insensitively.
 */
const MENTION_PATTERN = /(^|[^a-zA-Z0-9_@-])@([a-zA-Z0-9][a-zA-Z0-9_-]{1,28}[a-zA-Z0-9])/g;

/** The distinct usernames a text mentions, lowercase, in order, at most MENTION_LIMITS.perText. */
export function mentionedUsernames(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(MENTION_PATTERN)) {
    names.add(m[2]!.toLowerCase());
    if (names.size >= MENTION_LIMITS.perText) break;
  }
  return [...names];
}

export type MentionPart = { text: string } | { text: string; username: string };

/** The text cut into plain parts and mentions of `known` usernames (the ones the reader may see). */
export function splitMentions(text: string, known: readonly string[]): MentionPart[] {
  if (!known.length) return [{ text }];
  const set = new Set(known);
  const parts: MentionPart[] = [];
  let last = 0;
  for (const m of text.matchAll(MENTION_PATTERN)) {
    const name = m[2]!.toLowerCase();
    if (!set.has(name)) continue;
    const start = m.index! + m[1]!.length;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: `@${m[2]}`, username: name });
    last = start + 1 + m[2]!.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * The word being typed at the caret when it is a mention (`@` then username characters), for the composer's
 * suggestions: its start (the `@`) and the prefix typed so far; null when the caret is not in one.
 */
export function mentionAtCaret(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const m = /(^|[^a-zA-Z0-9_@-])@([a-zA-Z0-9_-]{0,30})$/.exec(before);
  if (!m) return null;
  return { start: caret - m[2]!.length - 1, query: m[2]!.toLowerCase() };
}

/** GET /api/mentions: who the author may mention (a post's community, or the post a comment is on). */
export const mentionQuerySchema = z.object({
  q: z.string().trim().toLowerCase().max(MENTION_LIMITS.queryMax).default(''),
  communityId: z.uuid().optional(),
  postId: z.uuid().optional(),
});
export type MentionQuery = z.input<typeof mentionQuerySchema>;

export interface MentionSuggestions {
  items: MemberSummary[];
}
