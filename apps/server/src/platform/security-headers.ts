import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** Headers of a response that are about the response itself, not the site's security policy. */
const NOT_POLICY = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * helmet's headers on every answer, computed once. @fastify/helmet builds helmet's middleware again for every
 * request (and the Content-Security-Policy string with it): about 3% of the CPU of a signed-in read. With a fixed
 * configuration the headers are the same every time, so they are read from one response of a probe instance that
 * registers @fastify/helmet with the same options, and set from a frozen object. A route sets its own value of one of
 * them (media: a sandboxing CSP) with reply.header as before.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions) {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers = Object.freeze(
    Object.fromEntries(
      Object.entries(res.headers).filter((e): e is [string, string] => !NOT_POLICY.has(e[0]) && typeof e[1] === 'string'),
    ),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  return headers;
}

/**
 * The Content-Security-Policy source that lets the page load a tile template's images: its scheme, host and port
 * (`http://127.0.0.1:4100`, the local double). A subdomain placeholder (`https://{s}.tile.example.org/...`)
 * becomes the wildcard of its label (`https://*.tile.example.org`), the only form CSP has for it.
 */
export function tileImageSource(urlTemplate: string): string {
  const match = /^(https?):\/\/([^/?#]+)/.exec(urlTemplate);
  if (!match) throw new Error('A tile URL template starts with http:// or https:// and a host');
  const [, scheme, authority] = match;
  const labels = authority!.split('.').map((label) => (label.includes('{') ? '*' : label));
  // CSP allows a wildcard only as the leftmost label: anything else falls back to the registrable part.
  const first = labels.indexOf('*');
  const host = first === -1 ? labels.join('.') : ['*', ...labels.slice(labels.lastIndexOf('*') + 1)].join('.');
  return `${scheme}://${host}`;
}
