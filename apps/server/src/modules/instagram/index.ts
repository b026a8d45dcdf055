// Face of the instagram module (decision 033): linking a professional Instagram account through Instagram Login.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { createInstagramLocal, localInstagramSecret, type InstagramLocal } from '../../platform/instagram-local/index.js';
import { createInstagramClient, fetchTransport, INSTAGRAM_ENDPOINTS, type InstagramTransport } from './client.js';
import { instagramRoutes } from './routes.js';
import { createInstagramService } from './service.js';

/** The double's endpoints are the app's own routes: reached in-process, as the payments double's webhooks are. */
const injectTransport =
  (app: FastifyInstance): InstagramTransport =>
  async ({ method, url, headers, body }) => {
    const target = new URL(url);
    const res = await app.inject({ method, url: target.pathname + target.search, headers, payload: body });
    let json: unknown = null;
    try {
      json = res.json();
    } catch {
      // Not JSON: the status says what happened.
    }
    return { status: res.statusCode, json };
  };

/**
 * Registers the routes, and the local double when INSTAGRAM_CLIENT_ID/SECRET are not set (with them, the double's
 * routes do not exist at all). Returns the double for tests.
 */
export async function registerInstagram(app: FastifyInstance, ctx: AppContext): Promise<{ mode: 'instagram' | 'local'; local: InstagramLocal | null }> {
  const { config } = ctx;
  const redirectUri = `${config.publicUrl}/api/instagram/callback`;
  let local: InstagramLocal | null = null;
  let client;
  if (config.INSTAGRAM_CLIENT_ID && config.INSTAGRAM_CLIENT_SECRET) {
    client = createInstagramClient({
      mode: 'instagram',
      clientId: config.INSTAGRAM_CLIENT_ID,
      clientSecret: config.INSTAGRAM_CLIENT_SECRET,
      redirectUri,
      endpoints: INSTAGRAM_ENDPOINTS,
      transport: fetchTransport,
    });
  } else {
    local = createInstagramLocal({ publicUrl: config.publicUrl, redirectUri, clientSecret: await localInstagramSecret(ctx.database.db) });
    await app.register(local.plugin);
    client = createInstagramClient({
      mode: 'local',
      clientId: local.clientId,
      clientSecret: local.clientSecret,
      redirectUri,
      endpoints: { authorize: local.authorizeUrl, token: local.tokenUrl, me: local.meUrl },
      transport: injectTransport(app),
    });
  }
  await app.register(instagramRoutes(createInstagramService({ db: ctx.database.db, client, log: ctx.log })));
  return { mode: client.mode, local };
}

export { localInstagramUserId } from '../../platform/instagram-local/index.js';
