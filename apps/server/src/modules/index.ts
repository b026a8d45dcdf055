import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';

/** Feature modules register here, one line each. */
export async function registerModules(app: FastifyInstance, ctx: AppContext) {
  void app;
  void ctx;
}
