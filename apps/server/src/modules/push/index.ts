// Face of the push module: web push subscriptions and sends.
export { deactivateForUser } from './repository.js';
export { pushRoutes } from './routes.js';
export { createPushService } from './service.js';
