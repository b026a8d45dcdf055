import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, or } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { communities, profiles } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { isActiveMember } from '../access/policy.js';
import { actorOf } from '../../platform/request-context.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * The /{slug} handler: a username (or profile id) for signed-in members, or a community url_slug
 * (or id) for anyone. Visitors cannot probe which usernames exist; deactivated profiles are hidden.
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
        if (isActiveMember(await actorOf(ctx, request))) {
          const [user] = await db
            .select({ id: profiles.id, username: profiles.username })
            .from(profiles)
            .where(and(isId ? eq(profiles.id, slug) : eq(profiles.username, slug), eq(profiles.isDeactivated, false)))
            .limit(1);
          if (user) return { kind: 'user' as const, id: user.id, username: user.username };
        }
        const [community] = await db
          .select({ id: communities.id, name: communities.name, urlSlug: communities.urlSlug })
          .from(communities)
          .where(isId ? or(eq(communities.id, slug), eq(communities.urlSlug, slug)) : eq(communities.urlSlug, slug))
          .limit(1);
        if (community) return { kind: 'community' as const, ...community };
        throw notFound('Nothing is here under that name');
      },
    );
  };
