import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REALTIME_PATH, SOCKET_CLOSE } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { errorBody, PLATFORM_ERRORS } from '../../platform/errors.js';
import { requireActor } from '../access/index.js';
import type { Connection, Hub } from './hub.js';

const clientEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('resume'), lastSeq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }),
  z.object({ type: z.literal('ping') }),
]);

/** Frames a client may send per 10 s before the socket is closed (resume and ping are rare by design). */
const CLIENT_FRAMES_PER_WINDOW = 60;

/**
 * The member's socket. The upgrade passes the same access hook as any route (a valid session: 401 before the
 * upgrade otherwise) and must come from an allowed Origin: a page on another site cannot open it with the
 * member's cookie. Frames are limited to LIMITS.socketMaxFrameBytes by the websocket server (1009).
 */
export const realtimeRoutes =
  (ctx: AppContext, hub: Hub): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      REALTIME_PATH,
      {
        websocket: true,
        config: { access: 'signedIn' },
        // After the access hook (route hooks run after the global ones): no session is a 401 whatever the Origin.
        preValidation: async (request, reply) => {
          const origin = request.headers.origin?.replace(/\/$/, '');
          if (!origin || !ctx.config.origins.includes(origin)) {
            return reply.status(403).send(errorBody('FORBIDDEN', PLATFORM_ERRORS.originNotAllowed({ publicUrl: ctx.config.publicUrl })));
          }
        },
      },
      (socket, request) => {
        const actor = requireActor(request);
        const c: Connection = { socket, userId: actor.userId, sessionId: actor.sessionId, alive: true };
        hub.add(c);
        // A fixed 10 s window counted from its first frame: no timer per socket.
        let frames = 0;
        let windowStart = 0;
        socket.on('pong', () => (c.alive = true));
        socket.on('close', () => {
          hub.remove(c);
        });
        socket.on('message', (data, isBinary) => {
          c.alive = true;
          const now = Date.now();
          if (now - windowStart >= 10_000) {
            windowStart = now;
            frames = 0;
          }
          frames += 1;
          if (frames > CLIENT_FRAMES_PER_WINDOW) return socket.close(1008, 'too many frames');
          if (isBinary) return socket.close(1003, 'text frames only');
          let parsed: z.infer<typeof clientEvent>;
          try {
            parsed = clientEvent.parse(JSON.parse(String(data)));
          } catch {
            return socket.close(1007, 'unreadable frame');
          }
          if (parsed.type === 'ping') return hub.send(c, { type: 'pong' });
          hub.resume(c, parsed.lastSeq).catch((err) => {
            ctx.log.error({ err }, 'realtime resume failed');
            socket.close(1011, 'resume failed');
          });
        });
        // A member deactivated between the access check and now would be caught by the heartbeat; closing
        // here as well keeps the window to one round trip.
        if (actor.profile?.isDeactivated) socket.close(SOCKET_CLOSE.signedOut, 'signed out');
      },
    );
  };
