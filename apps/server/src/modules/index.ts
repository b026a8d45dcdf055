import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { meRoutes } from './me/routes.js';
import { applicationsRoutes } from './applications/routes.js';
import { setupRoutes } from './setup/routes.js';
import { slugRoutes } from './slugs/routes.js';
import { analyticsRoutes } from './analytics/routes.js';
import { createMediaService } from './media/service.js';
import { mediaRoutes } from './media/routes.js';
import { profilesRoutes } from './profiles/routes.js';
import { accountRoutes } from './account/routes.js';
import { siteAssetsRoutes } from './site-assets/routes.js';
import { createBus } from '../platform/bus.js';
import { createPushService } from './push/service.js';
import { pushRoutes } from './push/routes.js';
import { createNotifier } from './notifications/service.js';
import { registerNotifications } from './notifications/module.js';
import { registerConnections } from './connections/module.js';
import { createSafetyService } from './safety/service.js';
import { safetyRoutes } from './safety/routes.js';
import { createLinkPreviewService } from './link-previews/service.js';
import { registerMessaging } from './messaging/module.js';
import { chatMediaRoutes } from './chat-media/routes.js';
import { createHub } from './realtime/hub.js';
import { realtimeRoutes } from './realtime/routes.js';
import { communitiesRoutes } from './communities/routes.js';
import { registerPosts } from './posts/module.js';
import { createDirectoryService } from './directory/service.js';
import { directoryRoutes } from './directory/routes.js';
import { registerEvents } from './events/module.js';
import { registerLocations } from './locations/module.js';
import { searchRoutes } from './search/routes.js';

/** Feature modules register here, one line each. */
export async function registerModules(app: FastifyInstance, ctx: AppContext, opts: { pushCa?: string } = {}) {
  await app.register(meRoutes(ctx));
  await app.register(applicationsRoutes(ctx));
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

  // Connections, messaging, notifications, push and the realtime socket (issue 4).
  const db = ctx.database.db;
  const push = await createPushService({ db, config: ctx.config, log: ctx.log, ca: opts.pushCa });
  const notifier = createNotifier(push);
  const bus = await createBus(ctx.database, ctx.log);
  const hub = createHub({ db, bus, log: ctx.log });
  // Sockets close before the server stops accepting, so clients reconnect to another process at once.
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', async () => {
    await push.close();
    await bus.close();
  });
  const previews = createLinkPreviewService({ db, log: ctx.log, allowPrivate: ctx.config.LINK_PREVIEW_ALLOW_PRIVATE });
  await registerNotifications(app, ctx, { hub });
  await app.register(pushRoutes(ctx, push));
  await registerConnections(app, ctx, { notifier, hub });
  await app.register(safetyRoutes(ctx, createSafetyService({ db })));
  await registerMessaging(app, ctx, { notifier, previews, hub });
  await app.register(chatMediaRoutes(ctx, media));
  await app.register(realtimeRoutes(ctx, hub));
  await app.register(communitiesRoutes(ctx, media));
  await registerPosts(app, ctx, { media, notifier, hub });
  await app.register(directoryRoutes(ctx, createDirectoryService({ db })));
  await registerEvents(app, ctx, { media, notifier, hub });
  await registerLocations(app, ctx, { media, hub });
  await app.register(searchRoutes(ctx));
  return { hub, push };
}
