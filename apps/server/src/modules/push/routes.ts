import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { removePushSubscriptionSchema, savePushSubscriptionSchema } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../access/index.js';
import type { PushService } from './service.js';

export const pushRoutes =
  (_ctx: AppContext, push: PushService): FastifyPluginAsyncZod =>
  async (app) => {
    // Public: the key is what browsers subscribe with, and it is public by design (the spec's push key function).
    app.get('/api/push/public-key', { config: { access: 'public' } }, async () => ({ publicKey: push.publicKey }));

    // signedIn, not member: a subscription is per device, and turning it on or off is the member's own business.
    app.post(
      '/api/push/subscriptions',
      { config: { access: 'signedIn' }, schema: { body: savePushSubscriptionSchema } },
      async (request, reply) => {
        await push.subscribe(requireActor(request).userId, request.body.subscription, request.headers['user-agent']);
        return reply.status(201).send({ active: true });
      },
    );

    app.post(
      '/api/push/unsubscribe',
      { config: { access: 'signedIn' }, schema: { body: removePushSubscriptionSchema } },
      async (request, reply) => {
        await push.unsubscribe(requireActor(request).userId, request.body.endpoint);
        return reply.status(204).send();
      },
    );
  };
