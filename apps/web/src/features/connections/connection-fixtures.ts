import type {
  BlockedMemberView,
  DeckCardView,
  DeckPage,
  HelloView,
  MatchView,
  MemberSummary,
  Page,
  RelationshipView,
} from '@bayclub/shared';

// Test data for the Say Hi, Connections, safety and profile-actions tests.

let seq = 0;
const nextId = (prefix: string) => {
  seq += 1;
  return `${prefix}-4000-8000-${String(seq).padStart(12, '0')}`;
};

export function makeMember(overrides: Partial<MemberSummary> = {}): MemberSummary {
  return {
    id: nextId('1a2b3c4d-0000'),
    fullName: 'Jordan Lee',
    username: 'jordan',
    profilePictureUrl: null,
    isVerified: false,
    age: 31,
    city: 'st_pete',
    ...overrides,
  };
}

export function makeCard(overrides: Partial<DeckCardView> = {}): DeckCardView {
  return {
    ...makeMember(),
    bio: null,
    interests: [],
    commonInterests: [],
    saidHiToYou: false,
    ...overrides,
  };
}

export function makeDeckPage(items: DeckCardView[], overrides: Partial<DeckPage> = {}): DeckPage {
  return { items, nextCursor: null, remainingToday: 30, ...overrides };
}

export function makeHello(overrides: Partial<HelloView> = {}): HelloView {
  return {
    id: nextId('2b3c4d5e-0000'),
    direction: 'received',
    status: 'pending',
    note: null,
    createdAt: '2025-03-02T10:00:00.000Z',
    member: makeMember(),
    ...overrides,
  };
}

export function makeMatch(overrides: Partial<MatchView> = {}): MatchView {
  return {
    id: nextId('3c4d5e6f-0000'),
    matchedAt: '2025-03-04T10:00:00.000Z',
    member: makeMember(),
    conversationId: null,
    ...overrides,
  };
}

export function makeBlocked(overrides: Partial<BlockedMemberView> = {}): BlockedMemberView {
  return { member: makeMember(), blockedAt: '2025-03-05T10:00:00.000Z', ...overrides };
}

export function makeRelationship(userId: string, overrides: Partial<RelationshipView> = {}): RelationshipView {
  return {
    userId,
    matchId: null,
    matched: false,
    conversationId: null,
    helloSent: null,
    helloReceived: null,
    helloSentId: null,
    helloReceivedId: null,
    blocked: false,
    ...overrides,
  };
}

export const page = <T>(items: T[], nextCursor: string | null = null): Page<T> => ({ items, nextCursor });

export const noContent = () => new Response(null, { status: 204 });

/** Resolves a handler's answer when the test says so. */
export function deferred() {
  let resolve!: (r: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}
