import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../platform/errors.js';
import { actorOf, canSeeMembers } from '../access/index.js';
import { findActiveMember, findCommunity } from './repository.js';
import { SLUGS_ERRORS as M } from './messages.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * The /{slug} handler: a username (or profile id) for members who may see members, or a community url_slug
 * (or id) for anyone. Visitors cannot probe which usernames exist; applicants find only themselves (decision
 * 009); deactivated profiles are hidden.
 */
export const slugRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const db = ctx.database.db;
    app.get(
      '/api/slugs/:slug',
      { config: { access: 'public' }, schema: { params: z.object({ slug: z.string().min(1).max(200) }) } },
      async (request) => {
        const slug = request.params.slug.toLowerCase();
        const isId = UUID.test(slug);
        const actor = await actorOf(ctx, request);
        if (actor) {
          const user = await findActiveMember(db, slug, { isId, onlyId: canSeeMembers(actor) ? undefined : actor.userId });
          if (user) return { kind: 'user' as const, id: user.id, username: user.username };
        }
        const community = await findCommunity(db, slug, { isId });
        if (community) return { kind: 'community' as const, ...community };
        throw notFound(M.nothingHere);
      },
    );
  };
