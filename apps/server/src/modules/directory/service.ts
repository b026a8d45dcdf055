import type { DirectoryPage, DirectoryQuery } from '@bayclub/shared';
import type { Db } from '../../db/client.js';
import { decodeCursor, encodeCursor, isInstant, isUuid } from '../../platform/cursor.js';
import { canSeeMembers, type Actor } from '../access/index.js';
import { presentCard } from './presenter.js';
import * as repo from './repository.js';

/** A cursor is only valid for the sort that wrote it (a tampered or stale one is a 400, never a SQL error). */
const cursorFor =
  (sort: DirectoryQuery['sort']) =>
  (v: unknown): v is repo.DirectoryCursor => {
    if (typeof v !== 'object' || v === null) return false;
    const c = v as Record<string, unknown>;
    if (c.s !== sort || !isUuid(c.i)) return false;
    const nameKey = typeof c.n === 'string' && c.n.length <= 400 && !c.n.includes('\u0000');
    switch (sort) {
      case 'newest':
        return isInstant(c.c);
      case 'name':
        return nameKey;
      case 'common':
        return nameKey && Number.isInteger(c.k) && (c.k as number) >= 0 && (c.k as number) <= 1000;
    }
  };

function cursorOf(sort: DirectoryQuery['sort'], row: repo.DirectoryRow): repo.DirectoryCursor {
  switch (sort) {
    case 'newest':
      return { s: 'newest', c: row.cursor_at, i: row.id };
    case 'name':
      return { s: 'name', n: row.name_key, i: row.id };
    case 'common':
      return { s: 'common', k: row.common, n: row.name_key, i: row.id };
  }
}

export function createDirectoryService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** GET /api/directory: one page of members the viewer may see (decision 018). */
    async page(actor: Actor, q: DirectoryQuery): Promise<DirectoryPage> {
      // The route is full_platform only; the member rule is asked too, so the list never outgrows it (decision 009).
      if (!canSeeMembers(actor)) return { items: [], nextCursor: null };
      const cursor = decodeCursor(q.cursor, cursorFor(q.sort));
      const rows = await repo.directoryPage(
        db,
        actor.userId,
        { q: q.q, city: q.city, interests: q.interests, ageMin: q.ageMin, ageMax: q.ageMax, verified: q.verified, hideIncomplete: q.hideIncomplete },
        q.sort,
        cursor,
        q.limit,
      );
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      return {
        items: page.map(presentCard),
        nextCursor: rows.length > q.limit && last ? encodeCursor(cursorOf(q.sort, last)) : null,
      };
    },
  };
}

export type DirectoryService = ReturnType<typeof createDirectoryService>;
