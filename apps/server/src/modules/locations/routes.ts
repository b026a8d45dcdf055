import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  addLocationManagerSchema,
  createLocationSchema,
  locationManagerParamsSchema,
  locationIdParamsSchema,
  locationPhotoParamsSchema,
  locationsQuerySchema,
  locationCheckInsQuerySchema,
  updateLocationSchema,
} from '@bayclub/shared';
import { requestLocale } from '../../platform/i18n.js';
import { requireActor } from '../access/index.js';
import type { LocationsService } from './service.js';

const approved = { access: 'approved' as const };

/** An ASCII file name for Content-Disposition (no quoting or encoding needed). */
export const posterFileName = (name: string, ext: 'png' | 'pdf') =>
  `${name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'place'}-poster.${ext}`;

/**
 * Places (issue 12, docs/api.md "Locations"): the list, the place page, managing places and their photos, and
 * the codes (QR, posters, door screen). Every route is for approved members; the service decides the flags.
 */
export const locationsRoutes =
  (service: LocationsService): FastifyPluginAsyncZod =>
  async (app) => {
    const params = { params: locationIdParamsSchema };

    app.get('/api/locations', { config: approved, schema: { querystring: locationsQuerySchema } }, async (request) =>
      service.list(requireActor(request), request.query),
    );

    app.post('/api/locations', { config: approved, schema: { body: createLocationSchema } }, async (request, reply) =>
      reply.status(201).send(await service.create(requireActor(request), request.body)),
    );

    app.get('/api/locations/:id', { config: approved, schema: params }, async (request) => service.get(requireActor(request), request.params.id));

    app.patch('/api/locations/:id', { config: approved, schema: { ...params, body: updateLocationSchema } }, async (request) =>
      service.update(requireActor(request), request.params.id, request.body),
    );

    // Multipart (the gallery's rules): no body schema, the service reads the one file.
    app.post('/api/locations/:id/photos', { config: approved, schema: params }, async (request, reply) =>
      reply.status(201).send(await service.addPhoto(request, requireActor(request), request.params.id)),
    );

    app.delete('/api/locations/:id/photos/:photoId', { config: approved, schema: { params: locationPhotoParamsSchema } }, async (request) =>
      service.deletePhoto(requireActor(request), request.params.id, request.params.photoId),
    );

    app.get('/api/locations/:id/check-ins', { config: approved, schema: { ...params, querystring: locationCheckInsQuerySchema } }, async (request) =>
      service.checkIns(requireActor(request), request.params.id, request.query),
    );

    app.get('/api/locations/:id/qr', { config: approved, schema: params }, async (request) => service.qr(requireActor(request), request.params.id));

    app.post('/api/locations/:id/qr/regenerate', { config: approved, schema: params }, async (request) =>
      service.regenerate(requireActor(request), request.params.id),
    );

    // The poster's words are in the downloading member's language (issue 26).
    const sendPoster = async (reply: FastifyReply, poster: { name: string; body: Buffer }, ext: 'png' | 'pdf') =>
      reply
        .type(ext === 'png' ? 'image/png' : 'application/pdf')
        .header('content-disposition', `attachment; filename="${posterFileName(poster.name, ext)}"`)
        .send(poster.body);

    app.get('/api/locations/:id/poster.png', { config: approved, schema: params }, async (request, reply) =>
      sendPoster(reply, await service.poster(requireActor(request), request.params.id, 'png', requestLocale(request)), 'png'),
    );

    app.get('/api/locations/:id/poster.pdf', { config: approved, schema: params }, async (request, reply) =>
      sendPoster(reply, await service.poster(requireActor(request), request.params.id, 'pdf', requestLocale(request)), 'pdf'),
    );

    // Who manages the place (its managers read it; admins add and remove: decision 026).
    app.get('/api/locations/:id/managers', { config: approved, schema: params }, async (request) => service.managers(requireActor(request), request.params.id));

    app.post('/api/locations/:id/managers', { config: approved, schema: { ...params, body: addLocationManagerSchema } }, async (request) =>
      service.addManager(requireActor(request), request.params.id, request.body.userId),
    );

    app.delete('/api/locations/:id/managers/:userId', { config: approved, schema: { params: locationManagerParamsSchema } }, async (request) =>
      service.removeManager(requireActor(request), request.params.id, request.params.userId),
    );

    app.get('/api/locations/:id/door-token', { config: approved, schema: params }, async (request, reply) => {
      // A door code admits whoever holds it for a minute: no cache may keep it.
      reply.header('cache-control', 'private, no-store');
      return service.doorToken(requireActor(request), request.params.id);
    });
  };
