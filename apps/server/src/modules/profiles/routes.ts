import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  imageIdParamsSchema,
  isProfileId,
  profileIdParamsSchema,
  profileUpdateSchema,
  reorderImagesSchema,
} from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../platform/errors.js';
import { requireActor } from '../access/index.js';
import type { MediaService } from '../media/index.js';
import { presentOwnProfile } from '../me/index.js';
import { presentImage, presentPublicProfile } from './presenter.js';
import { createProfilesService } from './service.js';
import { PROFILES_ERRORS as M } from './messages.js';

export const profilesRoutes =
  (ctx: AppContext, media: MediaService): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createProfilesService(ctx, media);
    const profileId = (id: string) => {
      if (!isProfileId(id)) throw notFound(M.noProfile);
      return id.toLowerCase();
    };

    // signedIn, not member: a deactivated member still sees their own profile and photos (the policy decides).
    app.get(
      '/api/profiles/:id',
      { config: { access: 'signedIn' }, schema: { params: profileIdParamsSchema } },
      async (request) => {
        const actor = requireActor(request);
        return presentPublicProfile(await service.visibleProfile(actor, profileId(request.params.id)), actor.userId);
      },
    );

    app.get(
      '/api/profiles/:id/images',
      { config: { access: 'signedIn' }, schema: { params: profileIdParamsSchema } },
      async (request) => {
        const rows = await service.listImages(requireActor(request), profileId(request.params.id));
        return { items: rows.map(presentImage) };
      },
    );

    app.put(
      '/api/me/profile',
      { config: { access: { flag: 'edit_profile' } }, schema: { body: profileUpdateSchema } },
      async (request) => presentOwnProfile(await service.updateProfile(requireActor(request), request.body)),
    );

    app.post('/api/me/profile-picture', { config: { access: { flag: 'edit_profile' } } }, async (request) =>
      service.uploadProfilePicture(request, requireActor(request).userId),
    );

    // The Apply form's picture: the applicant is signed in right after applying, before any flag applies.
    app.post('/api/applications/picture', { config: { access: 'signedIn' } }, async (request) =>
      service.uploadApplicationPicture(request, requireActor(request).userId),
    );

    app.post('/api/me/images', { config: { access: { flag: 'upload_images' } } }, async (request, reply) => {
      const { rows, skipped } = await service.uploadGalleryImages(request, requireActor(request).userId);
      return reply.status(201).send({ items: rows.map(presentImage), skipped });
    });

    app.delete(
      '/api/me/images/:id',
      { config: { access: { flag: 'upload_images' } }, schema: { params: imageIdParamsSchema } },
      async (request, reply) => {
        await service.deleteImage(requireActor(request).userId, request.params.id);
        return reply.status(204).send();
      },
    );

    app.put(
      '/api/me/images/order',
      { config: { access: { flag: 'upload_images' } }, schema: { body: reorderImagesSchema } },
      async (request) => {
        const rows = await service.reorderImages(requireActor(request).userId, request.body.ids);
        return { items: rows.map(presentImage) };
      },
    );
  };
