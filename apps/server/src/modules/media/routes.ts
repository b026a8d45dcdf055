import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BUCKETS, type Bucket } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { isSafeKey, type ByteRange, type StoredObject } from '../../platform/storage/storage.js';
import { actorOf } from '../access/index.js';
import { errorBody, PLATFORM_ERRORS } from '../../platform/errors.js';
import { MEDIA_ERRORS } from './messages.js';
import { isPublicFile } from './policy.js';
import type { MediaService } from './service.js';

/** Names written once and never overwritten carry a timestamp; `profile*.webp` is overwritten in place. */
export const isImmutableKey = (key: string) => !/(^|\/)profile(-\d+)?\.webp$/.test(key);

const isBucket = (value: string): value is Bucket => (BUCKETS as readonly string[]).includes(value);

/** If-None-Match holds this entity tag (a list, weak forms and `*` included, RFC 9110 13.1.2). */
function matchesEtag(header: string | undefined, etag: string) {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * The one byte range of a Range header (`bytes=0-99`, `bytes=100-`, `bytes=-500`), or null to serve the whole
 * file: no header, another unit, several ranges or a malformed one are all answered with everything, which
 * RFC 9110 (14.2) allows. Positions longer than 15 digits are malformed (no file of ours is that large).
 */
export function parseRange(header: string | undefined): ByteRange | null {
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec((header ?? '').trim());
  if (!m) return null;
  const [, first, last] = m;
  if (!first) return last ? { suffix: Number(last) } : null;
  if (last && Number(last) < Number(first)) return null;
  return last ? { first: Number(first), last: Number(last) } : { first: Number(first) };
}

/**
 * If-Range (RFC 9110 13.1.5): the range applies only while the file is still the one the client has part of.
 * Only a strong entity tag is compared; a date (or a weak tag) means "send everything".
 */
const ifRangeHolds = (header: string | string[] | undefined, etag: string | undefined) =>
  header === undefined || (typeof header === 'string' && !!etag && !header.startsWith('W/') && header.trim() === etag);

/** GET /media/{bucket}/{key}: stored files, with the detected type, nosniff and cache headers. */
export const mediaRoutes =
  (ctx: AppContext, media: MediaService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/media/:bucket/*',
      {
        // Outside /api: the bucket decides (PUBLIC_BUCKETS public, the others need a session; see policy.ts).
        config: { access: 'public' },
        schema: { params: z.object({ bucket: z.string().max(40), '*': z.string().max(400) }) },
      },
      async (request, reply) => {
        const notFound = () => reply.status(404).send(errorBody('NOT_FOUND', PLATFORM_ERRORS.notFound));
        const { bucket } = request.params;
        const key = request.params['*'];
        if (!isBucket(bucket) || !isSafeKey(key)) return notFound();

        const isPrivate = !isPublicFile(bucket, key);
        const actor = isPrivate ? await actorOf(ctx, request) : null;
        if (isPrivate && !actor) return reply.status(401).send(errorBody('UNAUTHENTICATED', PLATFORM_ERRORS.signInRequired));

        // Browsers seek in videos (and Safari starts playing one) with Range requests.
        const range = parseRange(request.headers.range);
        let object = await media.open(bucket, key, actor, range ?? undefined);
        if (!object) return notFound();

        const tagOf = (o: StoredObject) => (o.etag ? (o.etag.startsWith('"') || o.etag.startsWith('W/') ? o.etag : `"${o.etag}"`) : undefined);
        if (object.range !== undefined && !ifRangeHolds(request.headers['if-range'], tagOf(object))) {
          // The client's part is of an older file: everything, fresh.
          object.body.destroy();
          object = await media.open(bucket, key, actor);
          if (!object) return notFound();
        }
        const etag = tagOf(object);
        const scope = isPrivate ? 'private' : 'public';
        reply
          .header('content-type', object.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          // A stored file is never a document: no scripts, even if someone managed to store HTML.
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', isImmutableKey(key) ? `${scope}, max-age=31536000, immutable` : `${scope}, max-age=60, must-revalidate`);
        if (isPrivate) reply.header('vary', 'cookie');
        if (etag) reply.header('etag', etag);
        if (object.lastModified) reply.header('last-modified', object.lastModified.toUTCString());
        if (etag && matchesEtag(request.headers['if-none-match'], etag)) {
          object.body.destroy();
          return reply.status(304).send();
        }
        reply.header('accept-ranges', 'bytes');
        if (object.range === null) {
          object.body.destroy();
          return reply
            .status(416)
            .header('content-range', `bytes */${object.size}`)
            .header('content-type', 'application/json; charset=utf-8')
            .send(errorBody('RANGE_NOT_SATISFIABLE', MEDIA_ERRORS.rangeNotSatisfiable));
        }
        if (object.range) {
          reply
            .status(206)
            .header('content-range', `bytes ${object.range.start}-${object.range.end}/${object.size}`)
            .header('content-length', object.range.end - object.range.start + 1);
          return reply.send(object.body);
        }
        // HEAD is answered by Fastify's generated route, which drains the stream and keeps this length.
        reply.header('content-length', object.size);
        return reply.send(object.body);
      },
    );
  };
