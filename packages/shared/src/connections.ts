import { z } from 'zod';
import { CITIES, INTEREST_CATEGORIES } from './enums.js';
import { LIMITS } from './limits.js';
import type { Page } from './applications.js';

/**
 * Say Hi and Connections (issue 4). The spec names the matches table but leaves how members meet open:
 * a member says hi (optionally with a note); the other accepts or declines; accepting, or two members saying
 * hi to each other, creates the match.
 */
export const HELLO_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type HelloStatus = (typeof HELLO_STATUSES)[number];

export const CONNECTION_MESSAGES = {
  dailyLimit: `You've said hi to ${LIMITS.hellosPerDay} members today. You can say hi to more tomorrow.`,
  alreadySaid: 'You already said hi to this member',
  alreadyConnected: 'You are already connected with this member',
  unavailable: 'This member is not available',
  ownProfile: 'You cannot say hi to yourself',
  deckEmpty: 'No more members to meet right now',
  deckEmptyHint: 'Check back later, or widen your filters.',
  helloSent: 'Hi sent!',
  matched: "It's a match! You can message each other now.",
  helloNotFound: 'This hello is no longer available',
  noteTooLong: `Your note must be at most ${LIMITS.helloNoteMax} characters`,
  ageRange: 'The minimum age must not be above the maximum age',
  noMatches: 'No connections yet',
  noMatchesHint: 'Say hi to members you would like to meet. When they say hi back, they appear here.',
  noReceived: 'No hellos yet',
  noSent: 'You have no pending hellos',
  unmatched: 'You are no longer connected',
} as const;

const ALL_INTERESTS = new Set(INTEREST_CATEGORIES.flatMap((c) => c.options));

/** A short summary of a member shown on cards and lists. */
export interface MemberSummary {
  id: string;
  fullName: string | null;
  username: string | null;
  profilePictureUrl: string | null;
  isVerified: boolean;
  age: number | null;
  city: string | null;
}

/** GET /api/say-hi/deck: filters arrive as query strings; interests as a comma-separated list. */
export const deckQuerySchema = z
  .object({
    city: z.enum(CITIES, { error: 'Please choose a city' }).optional(),
    interests: z
      .string()
      .max(2000)
      .optional()
      .transform((v) => (v ? [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))] : []))
      .pipe(
        z
          .array(z.string().refine((s) => ALL_INTERESTS.has(s), { error: 'Unknown interest' }))
          .max(LIMITS.interestsMax, { error: `Choose at most ${LIMITS.interestsMax} interests` }),
      ),
    ageMin: z.coerce.number().int().min(LIMITS.ageMin).max(LIMITS.ageMax).optional(),
    ageMax: z.coerce.number().int().min(LIMITS.ageMin).max(LIMITS.ageMax).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(50).optional().default(LIMITS.deckPageSize),
  })
  .refine((q) => q.ageMin === undefined || q.ageMax === undefined || q.ageMin <= q.ageMax, {
    error: CONNECTION_MESSAGES.ageRange,
    path: ['ageMin'],
  });
export type DeckQueryInput = z.input<typeof deckQuerySchema>;

export interface DeckCardView extends MemberSummary {
  bio: string | null;
  interests: string[];
  /** The viewer's interests this member shares, in the member's order. */
  commonInterests: string[];
  /** True when this member already said hi to the viewer (saying hi back makes a match). */
  saidHiToYou: boolean;
}

export interface DeckPage extends Page<DeckCardView> {
  /** Hellos the viewer may still send today. */
  remainingToday: number;
}

export const sayHiSchema = z.object({
  userId: z.uuid({ error: 'Must be a valid id' }),
  note: z
    .string()
    .trim()
    .max(LIMITS.helloNoteMax, { error: CONNECTION_MESSAGES.noteTooLong })
    .optional()
    .transform((v) => (v ? v : null)),
});
export type SayHiInput = z.input<typeof sayHiSchema>;

export const skipSchema = z.object({ userId: z.uuid({ error: 'Must be a valid id' }) });

export interface HelloView {
  id: string;
  direction: 'received' | 'sent';
  status: HelloStatus;
  note: string | null;
  createdAt: string;
  member: MemberSummary;
}

export interface MatchView {
  id: string;
  matchedAt: string;
  member: MemberSummary;
  /** Set once a conversation exists; otherwise it is created when either member opens the chat. */
  conversationId: string | null;
}

/** POST /api/hellos: 'sent', or 'matched' when the other member had already said hi. */
export interface SayHiResult {
  status: 'sent' | 'matched';
  hello: HelloView;
  match: MatchView | null;
  remainingToday: number;
}

export const helloListQuerySchema = z.object({
  direction: z.enum(['received', 'sent'], { error: 'Must be received or sent' }).default('received'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).optional().default(LIMITS.pageSizeDefault),
});

export const pageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).optional().default(LIMITS.pageSizeDefault),
});

export const idParamsSchema = z.object({ id: z.uuid({ error: 'Must be a valid id' }) });
export const userIdParamsSchema = z.object({ userId: z.uuid({ error: 'Must be a valid id' }) });

/** GET /api/connections/with/:userId: how the viewer stands with another member (profile and chat actions). */
export interface RelationshipView {
  userId: string;
  matchId: string | null;
  matched: boolean;
  conversationId: string | null;
  helloSent: HelloStatus | null;
  helloReceived: HelloStatus | null;
  /**
   * Ids of the pending hellos, so a profile can withdraw its own (DELETE /api/hellos/:id) or accept / decline
   * theirs (POST /api/hellos/:id/accept). Optional (additive): without them the web app answers a received
   * hello by saying hi back (which matches) and offers no Withdraw on the profile.
   */
  helloSentId?: string | null;
  helloReceivedId?: string | null;
  /** The viewer blocked this member. (Being blocked by them makes the member a 404 instead.) */
  blocked: boolean;
}

declare module './realtime.js' {
  interface ServerEvents {
    /** Hellos, matches or blocks changed: connection lists and relationships should be refetched. */
    connections: { type: 'connections' };
  }
}
