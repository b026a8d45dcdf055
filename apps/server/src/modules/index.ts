import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { meRoutes } from './me/index.js';
import { applicationsRoutes } from './applications/index.js';
import { setupRoutes } from './setup/index.js';
import { slugRoutes } from './slugs/index.js';
import { analyticsRoutes } from './analytics/index.js';
import { createMediaService, mediaRoutes } from './media/index.js';
import { profilesRoutes } from './profiles/index.js';
import { accountRoutes } from './account/index.js';
import { siteAssetsRoutes } from './site-assets/index.js';
import { createBus } from '../platform/bus.js';
import { createPushService, pushRoutes } from './push/index.js';
import { createNotifier, registerNotifications } from './notifications/index.js';
import { registerConnections } from './connections/index.js';
import { createSafetyService, safetyRoutes } from './safety/index.js';
import { createLinkPreviewService } from './link-previews/index.js';
import { registerMessaging } from './messaging/index.js';
import { chatMediaRoutes } from './chat-media/index.js';
import { createHub, realtimeRoutes } from './realtime/index.js';
import { communitiesRoutes } from './communities/index.js';
import { registerPosts } from './posts/index.js';
import { createDirectoryService, directoryRoutes } from './directory/index.js';
import { registerEvents } from './events/index.js';
import { registerLocations } from './locations/index.js';
import { searchRoutes } from './search/index.js';
import { createMemberMailer, mailRoutes } from './mail/index.js';
import { welcomeRoutes } from './welcome/index.js';
import { registerPayments } from './payments/index.js';
import { adminHealthRoutes } from './health/index.js';
import { backupRoutes } from './backups/index.js';
import { adminRoutes } from './admin/index.js';
import { registerCrm } from './crm/index.js';
import { registerModeration } from './moderation/index.js';
import { auditRoutes } from './audit/index.js';
import { getAppRoutes } from './get-app/index.js';
import { dataExportRoutes } from './data-export/index.js';
import { legalRoutes } from './legal/index.js';
import { createLinkedinCookies, linkedinRoutes } from './linkedin/index.js';
import { deleteDataRoutes } from './delete-data/index.js';
import { registerInstagram } from './instagram/index.js';

/** Feature modules register here, one line each. */
export async function registerModules(app: FastifyInstance, ctx: AppContext, opts: { pushCa?: string } = {}) {
  // Member mails (approval, reminders, waitlist, digest): their preferences, look and unsubscribe links (issue 21).
  const mailer = await createMemberMailer(ctx);
  const db = ctx.database.db;
  const push = await createPushService({ db, config: ctx.config, log: ctx.log, ca: opts.pushCa });
  // Notifications as data, with the push and the mail their kind renders (the approval is the first).
  const notifier = createNotifier(push, mailer);
  await app.register(mailRoutes(ctx));
  await app.register(meRoutes(ctx));
  // Apply / sign in with LinkedIn (decision 034): its signed cookies are read by the application too.
  const linkedin = createLinkedinCookies(ctx);
  await app.register(linkedinRoutes(ctx, linkedin));
  await app.register(applicationsRoutes(ctx, { notifier, linkedin }));
  await app.register(setupRoutes(ctx));
  await app.register(slugRoutes(ctx));
  await app.register(analyticsRoutes(ctx));

  const media = createMediaService({ db: ctx.database.db, storage: ctx.storage, log: ctx.log });
  // Files of accounts deleted just before a crash are removed now.
  await media.drainDeletions();
  await app.register(mediaRoutes(ctx, media));
  await app.register(profilesRoutes(ctx, media));
  await app.register(accountRoutes(ctx, media));
  await app.register(siteAssetsRoutes(ctx));
  await app.register(adminRoutes(ctx, { media }));

  // Connections, messaging, notifications, push and the realtime socket (issue 4).
  const bus = await createBus(ctx.database, ctx.log);
  const hub = createHub({ db, bus, log: ctx.log });
  // Sockets close before the server stops accepting, so clients reconnect to another process at once.
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', async () => {
    await push.close();
    await bus.close();
  });
  const previews = createLinkPreviewService({ db, log: ctx.log, allowPrivate: ctx.config.LINK_PREVIEW_ALLOW_PRIVATE });
  await registerNotifications(app, ctx, { hub, mailer });
  await app.register(pushRoutes(ctx, push));
  await registerConnections(app, ctx, { notifier, hub });
  await app.register(safetyRoutes(ctx, createSafetyService({ db })));
  await registerMessaging(app, ctx, { notifier, previews, hub });
  await app.register(chatMediaRoutes(ctx, media));
  await app.register(realtimeRoutes(ctx, hub));
  await app.register(communitiesRoutes(ctx, media));
  await registerPosts(app, ctx, { media, notifier, hub });
  await app.register(directoryRoutes(ctx, createDirectoryService({ db })));
  // Payments build on the events module's face; events learn who may sell and refund a cancellation through its port.
  const payments = await registerPayments(app, ctx, { notifier });
  await registerEvents(app, ctx, { media, notifier, hub, payouts: payments.port });
  await registerLocations(app, ctx, { media, hub });
  await registerModeration(app, ctx, { notifier, hub, payouts: payments.port });
  await app.register(auditRoutes(ctx));
  await app.register(getAppRoutes(ctx));
  await app.register(dataExportRoutes(ctx));
  await app.register(legalRoutes(ctx));
  // /delete-data: signed-out deletion requests (deleting through the account module) and Meta's callback (issue 24).
  await app.register(deleteDataRoutes(ctx, media));
  const instagram = await registerInstagram(app, ctx);
  await app.register(searchRoutes(ctx));
  await app.register(welcomeRoutes(ctx));
  await app.register(adminHealthRoutes(ctx, { paymentsMode: payments.mode }));
  await registerCrm(app, ctx);
  await app.register(backupRoutes(ctx));
  return { hub, push, payments, instagram };
}
