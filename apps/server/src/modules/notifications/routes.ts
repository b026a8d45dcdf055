import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { markNotificationsReadSchema, notificationsQuerySchema } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { decodeCursor, encodeCursor, isTimeCursor } from '../../platform/cursor.js';
import { requireActor } from '../access/index.js';
import { publish } from '../../platform/bus.js';
import { presentNotification } from './presenter.js';
import { requestLocale } from '../../platform/i18n.js';
import * as repo from './repository.js';

/**
 * The member's own notifications. signedIn, not member: a pending applicant reads the decision on their
 * application here. Rows are always filtered by the caller's id, so nobody reads another member's.
 */
export const notificationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const db = ctx.database.db;

    app.get('/api/notifications', { config: { access: 'signedIn' }, schema: { querystring: notificationsQuerySchema } }, async (request) => {
      const { userId } = requireActor(request);
      const { limit } = request.query;
      const rows = await repo.listNotifications(db, userId, { cursor: decodeCursor(request.query.cursor, isTimeCursor), limit });
      const page = rows.slice(0, limit);
      const locale = requestLocale(request);
      const last = page.at(-1);
      return {
        items: page.map((r) => presentNotification(r.row, locale)),
        nextCursor: rows.length > limit && last ? encodeCursor({ c: last.at, i: last.row.id }) : null,
      };
    });

    // The spec's get_unread_notification_count.
    app.get('/api/notifications/unread-count', { config: { access: 'signedIn' } }, async (request) => ({
      count: await repo.countUnread(db, requireActor(request).userId),
    }));

    // The spec's mark_notifications_read: all of the caller's, or the given ids among them.
    app.post(
      '/api/notifications/mark-read',
      { config: { access: 'signedIn' }, schema: { body: markNotificationsReadSchema } },
      async (request) => {
        const { userId } = requireActor(request);
        const count = await db.transaction(async (tx) => {
          const changed = await repo.markRead(tx, userId, request.body.ids);
          // The member's other tabs update their badge.
          if (changed) await publish(tx, { k: 'unread', u: userId });
          return repo.countUnread(tx, userId);
        });
        return { count };
      },
    );
  };
