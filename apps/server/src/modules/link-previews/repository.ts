import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { linkPreviews } from '../../db/schema/index.js';

export type LinkPreviewRow = typeof linkPreviews.$inferSelect;

export async function findLinkPreview(db: DbOrTx, url: string): Promise<LinkPreviewRow | null> {
  const [row] = await db.select().from(linkPreviews).where(eq(linkPreviews.url, url)).limit(1);
  return row ?? null;
}

/** Insert or refresh the cached result for a URL (another process may have cached it meanwhile: last write wins). */
export async function saveLinkPreview(db: DbOrTx, record: LinkPreviewRow): Promise<void> {
  await db
    .insert(linkPreviews)
    .values(record)
    .onConflictDoUpdate({
      target: linkPreviews.url,
      set: {
        status: sql`excluded.status`,
        title: sql`excluded.title`,
        description: sql`excluded.description`,
        siteName: sql`excluded.site_name`,
        fetchedAt: sql`excluded.fetched_at`,
      },
    });
}
