import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LOCATION_LIMITS,
  locationCheckInIdParamsSchema,
  locationCheckInSchema,
  locationCheckInsQuerySchema,
  locationIdParamsSchema,
  locationScanQuerySchema,
  locationSettingsSchema,
  profileIdParamsSchema,
} from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../access/index.js';
import type { CheckInService } from './check-ins.js';

const approved = { access: 'approved' as const };

/** Check-ins per member, all places together (decision 016): a member at a dozen places an evening is plenty. */
export const CHECK_IN_RATE = { max: LOCATION_LIMITS.checkInRateMax, timeWindow: `${LOCATION_LIMITS.checkInRateWindowMinutes} minutes` } as const;
/** Scans per member: the page resolves a code once per poster or door screen seen. */
export const SCAN_RATE = { max: 60, timeWindow: '1 minute' } as const;

/**
 * Check-ins (issue 12, docs/api.md "Locations"): scan a code, check in (by code or position), check out, delete,
 * a member's check-ins, the default visibility. Refusals of a code or a position answer the LocationCheckInResult
 * itself (409 already checked in, 422 refused), which the page shows.
 */
export const checkInRoutes =
  (ctx: AppContext, service: CheckInService): FastifyPluginAsyncZod =>
  async (app) => {
    const perMember = (rate: { max: number; timeWindow: string }, name: string) =>
      ctx.config.RATE_LIMIT
        ? {
            rateLimit: {
              ...rate,
              hook: 'preHandler' as const,
              keyGenerator: (request: { actor: { userId: string } | null; ip: string }) => `${name}:${request.actor?.userId ?? request.ip}`,
            },
          }
        : {};

    app.get('/api/locations/scan', { config: { ...approved, ...perMember(SCAN_RATE, 'location-scans') }, schema: { querystring: locationScanQuerySchema } }, async (request) =>
      service.scan(requireActor(request), request.query.token),
    );

    app.post(
      '/api/locations/:id/check-ins',
      { config: { ...approved, ...perMember(CHECK_IN_RATE, 'location-check-ins') }, schema: { params: locationIdParamsSchema, body: locationCheckInSchema } },
      async (request, reply) => reply.status(201).send(await service.checkIn(requireActor(request), request.params.id, request.body)),
    );

    app.post('/api/locations/check-ins/:id/check-out', { config: approved, schema: { params: locationCheckInIdParamsSchema } }, async (request) =>
      service.checkOut(requireActor(request), request.params.id),
    );

    app.delete('/api/locations/check-ins/:id', { config: approved, schema: { params: locationCheckInIdParamsSchema } }, async (request, reply) => {
      await service.remove(requireActor(request), request.params.id);
      return reply.status(204).send();
    });

    app.get('/api/profiles/:id/check-ins', { config: approved, schema: { params: profileIdParamsSchema, querystring: locationCheckInsQuerySchema } }, async (request) =>
      service.ofMember(requireActor(request), request.params.id, request.query),
    );

    app.get('/api/me/location-settings', { config: approved }, async (request) => service.settings(requireActor(request)));

    app.put('/api/me/location-settings', { config: approved, schema: { body: locationSettingsSchema } }, async (request) =>
      service.saveSettings(requireActor(request), request.body.defaultVisibility),
    );
  };
