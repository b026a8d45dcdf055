import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventIdParamsSchema, type CalendarFeedView } from '@bayclub/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { events } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { requestLocale } from '../../platform/i18n.js';
import { EVENTS_ERRORS as M } from './messages.js';
import { actorOf, canSeeMembers, canUse, loadAccess, requireActor, type Actor } from '../access/index.js';
import { loadEventAccess } from './access.js';
import { eventViewer } from './policy.js';
import { eventIcs, feedIcs, icsFilename, ICS_CONTENT_TYPE } from './calendar.js';
import { feedEvents, feedOwner, feedUrl, hasFeed, replaceFeedToken, revokeFeed } from './calendar-feed.js';
import { startReminderJob } from './reminders.js';
import type { EventsDeps } from './deps.js';

/** The feed's token in the path (`/api/calendar/{token}.ics`); any string: an unknown one is a 404 like a revoked one. */
const feedParamsSchema = z.object({ token: z.string() });

/**
 * Calendars (issue 11, decision 015): the per-event .ics, the member's secret calendar feed, and the reminder job
 * (started here, every minute, in every process; off under NODE_ENV=test, where tests run it by hand).
 */
export const calendarRoutes =
  (ctx: AppContext, deps: EventsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = ctx.database.db;
    const origin = ctx.config.publicUrl;
    startReminderJob(app, ctx, { db, notifier: deps.notifier, log: ctx.log }, { schedule: ctx.config.NODE_ENV !== 'test' });

    // Anyone who may open the event may download it (a visitor a public event); otherwise 404, as for an unknown id.
    app.get('/api/events/:id/calendar.ics', { config: { access: 'public' }, schema: { params: eventIdParamsSchema } }, async (request, reply) => {
      const actor = await actorOf(ctx, request);
      const facts = await loadEventAccess(db, request.params.id, actor?.userId ?? null);
      if (!facts || !eventViewer(actor, facts, { scanAllowed: false }).canView) throw notFound(M.notFound);
      const [e] = await db.select().from(events).where(eq(events.id, request.params.id));
      if (!e) throw notFound(M.notFound);
      return reply
        .type(ICS_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${icsFilename(e.title)}"`)
        .send(eventIcs(e, origin, requestLocale({ actor, headers: request.headers })));
    });

    // The feed's owner manages it: approved members (a pending applicant whose flag is on passes the route's check).
    const calendarFlag = { access: { flag: 'access_calendar' as const } };
    const feedOwnerActor = (actor: Actor) => {
      if (!canSeeMembers(actor)) throw forbidden(M.calendarNotAllowed);
      return actor;
    };

    app.get('/api/calendar-feed', { config: calendarFlag }, async (request): Promise<CalendarFeedView> => {
      const actor = feedOwnerActor(requireActor(request));
      // Only the token's hash is kept: an existing feed's URL cannot be shown again, only replaced.
      return { url: null, active: await hasFeed(db, actor.userId) };
    });

    app.post('/api/calendar-feed', { config: calendarFlag }, async (request): Promise<CalendarFeedView> => {
      const actor = feedOwnerActor(requireActor(request));
      const token = await replaceFeedToken(db, actor.userId);
      return { url: feedUrl(origin, token), active: true };
    });

    app.delete('/api/calendar-feed', { config: calendarFlag }, async (request, reply) => {
      const actor = feedOwnerActor(requireActor(request));
      await revokeFeed(db, actor.userId);
      return reply.status(204).send();
    });

    // The secret is the credential: no session. The owner's access is read afresh (deactivated, no longer approved or
    // lost access_calendar: 404 as for a revoked token), and each event passes eventViewer as the owner.
    app.get('/api/calendar/:token.ics', { config: { access: 'public' }, schema: { params: feedParamsSchema } }, async (request, reply) => {
      const userId = await feedOwner(db, request.params.token);
      if (!userId) throw notFound(M.calendarLinkInvalid);
      const access = await loadAccess(db, userId);
      const owner: Actor = { userId, email: '', sessionId: '', ...access };
      if (!canSeeMembers(owner) || !canUse(owner, 'access_calendar', await ctx.settings.flags())) {
        throw notFound(M.calendarLinkInvalid);
      }
      const rows = await feedEvents(db, owner);
      return reply
        .type(ICS_CONTENT_TYPE)
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="bayclub-events.ics"')
        // The owner's saved language, else the calendar client's Accept-Language.
        .send(feedIcs(rows, origin, requestLocale({ actor: owner, headers: request.headers })));
    });
  };
