import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MapTilesView } from '@bayclub/shared';

/**
 * GET /api/locations/map-tiles (issue 21): where the web app's maps take their tiles from (MAP_TILE_URL, with its
 * attribution), or null when the server has maps off. Configuration only, no data: the markers come from the
 * lists members already read. For approved members, the only ones shown a map.
 */
export const mapRoutes =
  (tiles: MapTilesView['tiles']): FastifyPluginAsyncZod =>
  async (app) => {
    const view: MapTilesView = { tiles };
    app.get('/api/locations/map-tiles', { config: { access: 'approved' } }, async () => view);
  };
