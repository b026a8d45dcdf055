import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import type { EventsDeps } from './module.js';

/** CONTRACT STUB (issue 11): replaced by the engineer who owns this file. */
export const eventsRoutes =
  (_ctx: AppContext, _deps: EventsDeps): FastifyPluginAsyncZod =>
  async () => {};
