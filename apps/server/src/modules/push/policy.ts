import net from 'node:net';
import { parse as legacyParse } from 'node:url';
import { isForbiddenAddress } from '../../platform/net-guard.js';
import type { ServerMessage } from '../../platform/errors.js';
import { PUSH_ERRORS } from './messages.js';

/** Why an endpoint is refused: the catalogue's entries, under the names the check has always answered. */
export const ENDPOINT_MESSAGES = {
  https: PUSH_ERRORS.endpointHttps,
  forbidden: PUSH_ERRORS.endpointForbidden,
} as const;

export type EndpointCheck = { ok: true; url: string } | { ok: false; reason: ServerMessage };

/**
 * May the server POST to this push endpoint? A member hands us the URL, so it is a server-side fetch on their
 * behalf: https only, and a literal IP host must be public (Node does not run `lookup` for IP literals, so the
 * guarded lookup on the agent never sees them). Host names are checked when the connection resolves them.
 * Returns the normalized URL to send to.
 */
export function checkPushEndpoint(endpoint: string, opts: { allowPrivate: boolean }): EndpointCheck {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: ENDPOINT_MESSAGES.https };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: ENDPOINT_MESSAGES.https };
  const host = bare(url.hostname);
  // web-push parses the URL again with the legacy parser; both must name the same host, or a crafted URL could
  // pass this check as one host and be sent to another.
  const legacyHost = legacyParse(url.href).hostname;
  if (legacyHost === null || bare(legacyHost) !== host) return { ok: false, reason: ENDPOINT_MESSAGES.forbidden };
  if (!opts.allowPrivate && net.isIP(host) !== 0 && isForbiddenAddress(host)) {
    return { ok: false, reason: ENDPOINT_MESSAGES.forbidden };
  }
  return { ok: true, url: url.href };
}

const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
