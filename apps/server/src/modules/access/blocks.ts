import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { reusedQuery, type DbOrTx } from '../../db/client.js';
import { blocks } from '../../db/schema/index.js';

// Who may see whom, part one: a block hides two members from each other everywhere. Safety writes the blocks;
// every list, lookup and fan-out that presents a member asks one of these.

/** SQL true when either of two members blocked the other (served by the primary key and blocks_blocked_idx). */
export function blockedBetween(a: AnyPgColumn | SQL | string, b: AnyPgColumn | SQL | string): SQL {
  return sql`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${a} and ${blocks.blockedId} = ${b}) or (${blocks.blockerId} = ${b} and ${blocks.blockedId} = ${a}))`;
}

/**
 * SQL true when `member` is not blocked by, and has not blocked, `viewer`: the same rule as blockedBetween, for
 * lists that scan many members. The viewer's blocks are read once (the blocks key and blocks_blocked_idx) and
 * hashed, instead of one lookup per member (measured: 33 ms -> 18 ms for the directory's 10,000-member sort).
 */
export function notBlockedWith(member: AnyPgColumn | SQL, viewer: SQL): SQL {
  return sql`${member} not in (select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewer} union all select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewer})`;
}

const blockEitherWay = reusedQuery((db) => {
  const [a, b] = [sql.placeholder('a'), sql.placeholder('b')];
  return db
    .select({ x: sql<number>`1` })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))))
    .limit(1)
    .prepare('block_either_way');
});

export async function isBlockedEitherWay(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const [row] = await blockEitherWay(db).execute({ a, b });
  return !!row;
}

export async function hasBlocked(db: DbOrTx, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ x: sql<number>`1` })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .limit(1);
  return !!row;
}
