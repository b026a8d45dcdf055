import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { COMMUNITY_LIMITS, type CommunityImageKind, type CommunityView } from '@bayclub/shared';
import type { Db } from '../../db/client.js';
import { forbidden, notFound } from '../../platform/errors.js';
import type { Actor } from '../access/index.js';
import { baseOfKey, replaceImage, variantKeys, type MediaService } from '../media/index.js';
import { communityViewer } from './policy.js';
import * as repo from './repository.js';
import { COMMUNITIES_ERRORS as M } from './messages.js';
import type { CommunitiesService } from './service.js';

/** Where a community's files live in post-images: the whole prefix goes when the community does. */
export const communityPrefix = (communityId: string) => `communities/${communityId}/`;

/**
 * A community's files: cover and avatar uploads (the old image removed through the storage_deletions outbox once
 * the new one is in place) and deletion of the community with every file it owns, its posts' images included.
 */
export function createCommunityFiles(deps: { db: Db; media: MediaService; communities: CommunitiesService; log: FastifyBaseLogger }) {
  const { db, media, communities, log } = deps;
  const drain = (ids: string[]) => media.drainDeletions(ids).catch((err: unknown) => log.error({ err }, 'Community files wait for the next drain'));

  async function mayEdit(actor: Actor, id: string, tx: Parameters<typeof repo.findCommunity>[0] = db, lock = false) {
    const community = await repo.findCommunity(tx, id, { lock });
    if (!community) throw notFound(M.notFound);
    const mine = await repo.findMembership(tx, id, actor.userId);
    const viewer = communityViewer(actor, community, mine);
    if (!viewer?.canRead) throw notFound(M.notFound);
    if (!viewer.canEdit) throw forbidden(M.creatorOnly);
    return community;
  }

  return {
    /** POST /api/communities/:id/cover | avatar: one multipart file. */
    async uploadImage(request: FastifyRequest, actor: Actor, id: string, kind: CommunityImageKind): Promise<CommunityView> {
      // Refused callers hear so before a byte of the file is read or stored.
      await mayEdit(actor, id);
      await replaceImage({ db, media, log }, request, {
        maxBytes: COMMUNITY_LIMITS.imageMaxBytes,
        base: `${communityPrefix(id)}${Date.now()}-${kind}`,
        missing: M.imageMissing,
        swap: async (tx, key) => {
          // Checked again under the row lock: the community may have gone, or the caller lost the right, meanwhile.
          const community = await mayEdit(actor, id, tx, true);
          await repo.updateCommunity(tx, id, kind === 'cover' ? { coverImageKey: key } : { avatarImageKey: key });
          return kind === 'cover' ? community.coverImageKey : community.avatarImageKey;
        },
      });
      return communities.view(actor, id);
    },

    /**
     * Delete a community (creator or admin): its rows cascade (memberships, posts, likes, comments, reports); its
     * files (cover, avatar, every image of its posts) are recorded in the storage_deletions outbox in the same
     * transaction and removed after the commit.
     */
    async deleteCommunity(actor: Actor, id: string) {
      const outbox = await db.transaction(async (tx) => {
        await mayEdit(actor, id, tx, true);
        const postKeys = await repo.postImageKeys(tx, id);
        await repo.deletePostImageRows(tx, id);
        const ids = await media.scheduleDeletion(tx, [
          { bucket: 'post-images', keyOrPrefix: communityPrefix(id) },
          ...postKeys.flatMap((k) => variantKeys(baseOfKey(k)).map((v) => ({ bucket: 'post-images' as const, keyOrPrefix: v }))),
        ]);
        await repo.deleteCommunity(tx, id);
        return ids;
      });
      await drain(outbox);
    },
  };
}

export type CommunityFiles = ReturnType<typeof createCommunityFiles>;
