import * as React from 'react';
import { useMe } from '#/lib/session/use-session';

/**
 * Drafts kept per place until sent (issue 21): the text being written to a conversation, a post (Home or a
 * community) or a comment (per post) survives navigation and reload. localStorage, keyed by member and place, so
 * one member never sees another's draft; sign-out clears them all (a shared device).
 */
const PREFIX = 'bayclub:draft:';
const draftKey = (memberId: string, place: string) => `${PREFIX}${memberId}:${place}`;

export function readDraft(memberId: string, place: string): string {
  try {
    return localStorage.getItem(draftKey(memberId, place)) ?? '';
  } catch {
    return '';
  }
}

export function writeDraft(memberId: string, place: string, text: string) {
  try {
    if (text.trim() === '') localStorage.removeItem(draftKey(memberId, place));
    else localStorage.setItem(draftKey(memberId, place), text);
  } catch {
    // Storage full or refused: the draft lives as long as the page.
  }
}

/** Every draft on this device (sign-out). */
export function clearDrafts() {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter((k) => k?.startsWith(PREFIX));
    for (const k of keys) localStorage.removeItem(k!);
  } catch {
    // Nothing to clear.
  }
}

/**
 * `useState` for a composer's text, kept under `place` for the signed-in member (in memory only when signed out).
 * `clear()` after a send forgets it. Switching place (another conversation) shows that place's draft.
 */
export function useDraft(place: string): [string, (text: string) => void, () => void] {
  const memberId = useMe()?.user.id ?? null;
  const [state, setState] = React.useState(() => ({ place, memberId, text: memberId ? readDraft(memberId, place) : '' }));
  let current = state;
  if (state.place !== place || state.memberId !== memberId) {
    current = { place, memberId, text: memberId ? readDraft(memberId, place) : '' };
    setState(current);
  }
  const setText = React.useCallback(
    (text: string) => {
      setState({ place, memberId, text });
      if (memberId) writeDraft(memberId, place, text);
    },
    [place, memberId],
  );
  const clear = React.useCallback(() => setText(''), [setText]);
  return [current.text, setText, clear];
}
