import type { QueryClient } from '@tanstack/react-query';
import type { City, HelloView } from '@bayclub/shared';

// Who is connected with whom, as the caches know it: the connections lists, the Say Hi deck, the relationship with
// one member. Several features change it (a hello, a match, a block, a message's socket event), so its keys live
// below them all.

/** Every filter of the Say Hi deck, as kept in the URL. */
export interface DeckFilters {
  city: City | null;
  interests: string[];
  ageMin: number | null;
  ageMax: number | null;
}

/**
 * Query keys of everything about connections. Other features invalidate `connectionKeys.all` (or a part) when
 * they change who is connected with whom.
 */
export const connectionKeys = {
  all: ['connections'] as const,
  decks: () => [...connectionKeys.all, 'deck'] as const,
  deck: (filters: DeckFilters) => [...connectionKeys.decks(), filters] as const,
  lists: () => [...connectionKeys.all, 'list'] as const,
  hellos: (direction: HelloView['direction']) => [...connectionKeys.lists(), 'hellos', direction] as const,
  matches: () => [...connectionKeys.lists(), 'matches'] as const,
  blocks: () => [...connectionKeys.lists(), 'blocks'] as const,
  relationships: () => [...connectionKeys.all, 'with'] as const,
  relationship: (userId: string) => [...connectionKeys.relationships(), userId] as const,
};

/** After anything changed who is connected with whom: lists and relationships (the deck keeps its place). */
export function invalidateConnections(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: connectionKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: connectionKeys.relationships() }),
  ]);
}

