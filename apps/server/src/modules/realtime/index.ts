// Face of the realtime module: the member's socket and the hub modules register their deliveries with.
export { createHub, type Delivery, type Hub, type Replay, type Sockets } from './hub.js';
export { realtimeRoutes } from './routes.js';
