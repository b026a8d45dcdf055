import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import type { AppContext } from '../../app-context.js';

/**
 * GET /api/get-app/qr.svg: the QR code of this club's /get-app page, for a desktop visitor to open it on their
 * phone. Its content is fixed (PUBLIC_URL), never taken from the request, so it cannot be made to point elsewhere;
 * drawn once per process.
 */
export const getAppRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    let svg: Promise<string> | null = null;
    app.get('/api/get-app/qr.svg', { config: { access: 'public' } }, async (_request, reply) => {
      svg ??= QRCode.toString(`${ctx.config.publicUrl}/get-app`, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(await svg);
    });
  };
