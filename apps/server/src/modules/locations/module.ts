import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { MediaService } from '../media/index.js';
import type { Hub } from '../realtime/index.js';
import { checkInRoutes } from './check-in-routes.js';
import { createCheckInService } from './check-ins.js';
import { createPlaceTokenSigner } from './qr-tokens.js';
import { registerLocationsRealtime } from './realtime.js';
import { locationsRoutes } from './routes.js';
import { mapRoutes } from './map-routes.js';
import { createLocationsService } from './service.js';

/**
 * Locations (issue 12, docs/api.md "Locations", decision 016): places and their codes (routes.ts) and check-ins
 * (check-in-routes.ts), and who is here now, live (realtime.ts).
 */
export async function registerLocations(app: FastifyInstance, ctx: AppContext, deps: { media: MediaService; hub: Hub }) {
  const db = ctx.database.db;
  registerLocationsRealtime(deps.hub, db);
  const flags = () => ctx.settings.flags();
  const tokens = createPlaceTokenSigner(ctx);
  const tiles = ctx.config.mapTiles;
  const places = createLocationsService({ db, media: deps.media, log: ctx.log, flags, tokens, publicUrl: ctx.config.publicUrl, tiles });
  await app.register(locationsRoutes(places));
  await app.register(mapRoutes(tiles));
  await app.register(checkInRoutes(ctx, createCheckInService({ db, flags, tokens })));
}
