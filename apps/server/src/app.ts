import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import { LIMITS } from '@bayclub/shared';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, runMigrations, type Database } from './db/client.js';
import { createMailer, type Mailer } from './platform/mailer.js';
import { createMailOutbox } from './modules/mail/index.js';
import { AppError, frameworkErrors, PLATFORM_ERRORS, registerErrorHandler } from './platform/errors.js';
import { registerAccessControl } from './modules/access/index.js';
import { registerInputGuard } from './platform/input-guard.js';
import { registerJsonBodyParser } from './platform/json-body.js';
import { getOrCreateSecret } from './platform/secrets.js';
import { registerSecurityHeaders, tileImageSource } from './platform/security-headers.js';
import { authRoutes, betterAuthPasswords, createAuth } from './modules/auth/index.js';
import { healthRoutes } from './modules/health/index.js';
import { createSettingsService, settingsRoutes } from './modules/settings/index.js';
import { registerModules } from './modules/index.js';
import { webRoutes } from './platform/web.js';
import type { AppContext, PasswordHasher } from './app-context.js';
import { createStorage } from './platform/storage/index.js';
import type { Storage } from './platform/storage/storage.js';

export interface BuildOptions {
  /** Use this database instead of opening one from the config (tests share one per file). */
  database?: Database;
  /** Replace the mailer (tests capture mails). */
  mailer?: Mailer;
  /** Use this storage instead of the configured one (tests). */
  storage?: Storage;
  /** Trust this CA for push services (tests: the local HTTPS push double). */
  pushCa?: string;
  /** Hash passwords with this instead of better-auth's own (the Vitest harness: a low-cost scrypt). */
  passwords?: PasswordHasher;
}

export const BODY_LIMIT = 256 * 1024;

/** Build the whole server without listening. The caller owns closing it (closes the database too). */
/** Long-lived services tests and the benchmark look into (socket counts, pending pushes). */
export type AppServices = Awaited<ReturnType<typeof registerModules>>;

export async function buildApp(
  config: Config,
  opts: BuildOptions = {},
): Promise<{ app: FastifyInstance; ctx: AppContext; services: AppServices }> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonBodyParser(app);

  const database =
    opts.database ??
    (await openDatabase(
      config.DATABASE_URL
        ? { kind: 'postgres', url: config.DATABASE_URL, poolMax: config.DATABASE_POOL_MAX }
        : { kind: 'pglite', dataDir: config.DATA_DIR },
    ));
  const ownsDatabase = !opts.database;
  try {
    const migrations = await runMigrations(database);
    const mailer = opts.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
    // Every mail goes through the outbox (sent after the answer, retried, once across processes).
    const mail = createMailOutbox({ db: database.db, mailer, log: app.log });
    const settings = createSettingsService({ db: database.db });
    const secret = config.BETTER_AUTH_SECRET ?? (await getOrCreateSecret(database.db, 'better_auth_secret'));
    const passwords = opts.passwords ?? betterAuthPasswords;
    const auth = createAuth({
      db: database.db,
      secret,
      baseURL: config.publicUrl,
      trustedOrigins: config.origins,
      rateLimit: config.RATE_LIMIT,
      secureCookies: config.publicUrl.startsWith('https://'),
      mail,
      appName: () => settings.appName(),
      passwords,
    });
    const storage = opts.storage ?? createStorage(config);
    await storage.init();
    const ctx: AppContext = { config, database, auth, mail, settings, log: app.log, migrations, storage, passwords };

    if (ownsDatabase) app.addHook('onClose', async () => database.close());
    // Registered after the database's hook, so it runs before it (onClose hooks run last-registered first).
    app.addHook('onClose', async () => mail.close());
    if (!opts.storage) app.addHook('onClose', async () => storage.close());

    await registerSecurityHeaders(app, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // The map tiles' host by name: 'https:' covers the default, but a local or http tile server (the tests'
          // double, a tile cache on the club's network) needs its own entry.
          imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...(config.mapTiles ? [tileImageSource(config.mapTiles.urlTemplate)] : [])],
          mediaSrc: ["'self'", 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: config.publicUrl.startsWith('https://'),
    });
    await app.register(rateLimit, {
      global: false,
      // What the builder returns is thrown, so the one error handler answers it. It used to return a plain object
      // whose "try again in ..." text never reached the client (the handler answers every 429 with its own text);
      // the AppError says what is actually sent.
      errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', PLATFORM_ERRORS.tooManyRequests),
    });

    // Multipart is read part by part by the upload routes, with their own limits (platform/uploads.ts).
    await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: 0, files: 0 } });

    // Client frames above the limit close the socket with 1009; the hub closes sockets itself on shutdown.
    await app.register(websocket, { options: { maxPayload: LIMITS.socketMaxFrameBytes }, preClose: () => {} });

    registerErrorHandler(app);
    registerAccessControl(app, ctx);
    registerInputGuard(app);

    await app.register(healthRoutes(ctx));
    await app.register(authRoutes(ctx));
    await app.register(settingsRoutes(ctx));
    const services = await registerModules(app, ctx, { pushCa: opts.pushCa });
    await app.register(webRoutes(ctx));
    // Mails left by a crash (or by a failed attempt of another process) go out now, then on every poll.
    mail.start();

    return { app, ctx, services };
  } catch (err) {
    if (ownsDatabase) await database.close().catch(() => {});
    throw err;
  }
}
