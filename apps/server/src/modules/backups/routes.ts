import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError, PLATFORM_ERRORS } from '../../platform/errors.js';
import { BACKUP_ENDPOINT_FILE, dumpPglite, newBackupToken, pgliteOf, recordBackup } from './service.js';

const bodySchema = z.object({ file: z.string().trim().min(1, { error: 'Name the backup file' }).max(500, { error: 'At most 500 characters' }) });

/** Same machine: a loopback peer, or a peer whose address is the one it connected to (a server bound to one address). */
function fromThisMachine(request: FastifyRequest): boolean {
  const { remoteAddress, localAddress } = request.socket;
  if (!remoteAddress) return false;
  const loopback = remoteAddress === '::1' || remoteAddress.startsWith('127.') || remoteAddress.startsWith('::ffff:127.');
  // A reverse proxy on this machine forwards the public's requests from loopback: those carry its headers.
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !proxied && (loopback || remoteAddress === localAddress);
}

function tokenMatches(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const [a, b] = [crypto.createHash('sha256').update(given).digest(), crypto.createHash('sha256').update(token).digest()];
  return given.length > 0 && crypto.timingSafeEqual(a, b);
}

/**
 * POST /api/internal/backup: the running server writes a consistent copy of its embedded database for
 * `npm run admin -- backup` (the one process that owns the folder makes the copy). Registered only when this process
 * owns a PGlite data folder; answers 404 to anyone without the token the server wrote into that folder, or from
 * another machine.
 */
export const backupRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const dataDir = ctx.config.DATA_DIR;
    const ownsFolder =
      ctx.database.engine === 'pglite' && !ctx.config.DATABASE_URL && pgliteOf(ctx.database).dataDir === path.join(dataDir, 'pglite');
    const token = newBackupToken();
    const endpointFile = path.join(dataDir, BACKUP_ENDPOINT_FILE);

    if (ownsFolder) {
      app.addHook('onListen', async () => {
        const address = app.server.address();
        if (!address || typeof address === 'string') return;
        fs.writeFileSync(endpointFile, JSON.stringify({ pid: process.pid, port: address.port, token }), { mode: 0o600 });
      });
      app.addHook('onClose', async () => {
        try {
          if (fs.readFileSync(endpointFile, 'utf8').includes(token)) fs.unlinkSync(endpointFile);
        } catch {
          /* already gone */
        }
      });
    }

    app.post(
      '/api/internal/backup',
      {
        config: { access: 'public', anyOrigin: true },
        schema: { body: bodySchema },
        // Before the body is validated: a caller without the token learns nothing, not even the route's input rules.
        preValidation: async (request) => {
          if (!ownsFolder || !fromThisMachine(request) || !tokenMatches(request, token)) throw new AppError(404, 'NOT_FOUND', PLATFORM_ERRORS.notFound);
        },
      },
      async (request, reply) => {
        const data = await dumpPglite(ctx.database);
        await recordBackup(ctx.database.db, { engine: 'pglite', file: request.body.file, bytes: data.length });
        request.log.info({ bytes: data.length }, 'Backup written for the command line');
        return reply.header('cache-control', 'no-store').type('application/gzip').send(data);
      },
    );
  };
