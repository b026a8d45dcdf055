import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { BUCKETS, type Bucket } from '@bayclub/shared';
import { assertSafeKey, assertSafePrefix, resolveRange, type ByteRange, type Storage, type StoredObject } from './storage.js';

export interface S3StorageOptions {
  /** Endpoint of an S3-compatible service (MinIO, R2, s3rver...); omit for AWS itself. */
  endpoint?: string;
  /** Defaults to us-east-1 (most S3-compatible services ignore it but the signer needs one). */
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Real bucket name = prefix + our bucket name, e.g. `bayclub-profile-pictures`. */
  bucketPrefix?: string;
  /** Path-style URLs (`endpoint/bucket/key`); most self-hosted services need it. */
  forcePathStyle?: boolean;
}

/** S3 allows at most 1000 keys per DeleteObjects request. */
const DELETE_BATCH = 1000;

/** True for "the thing does not exist" answers: NoSuchKey/NoSuchBucket/NotFound or a bare 404 (HEAD has no body). */
function isNotFound(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.name === 'NoSuchBucket' || err.$metadata.httpStatusCode === 404;
}

/** `bytes 0-99/1234` -> the range and the whole size; null for anything else (the unsatisfiable form, absent). */
function parseContentRange(header: string | undefined): { start: number; end: number; size: number } | null {
  const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header ?? '');
  return m ? { start: Number(m[1]), end: Number(m[2]), size: Number(m[3]) } : null;
}

/** 416 from S3: the range starts past the end of the object. */
function isUnsatisfiable(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.name === 'InvalidRange' || err.$metadata.httpStatusCode === 416);
}

/** Storage on an S3-compatible service; one real bucket per spec bucket. */
export function createS3Storage(opts: S3StorageOptions): Storage {
  const client = new S3Client({
    endpoint: opts.endpoint,
    region: opts.region ?? 'us-east-1',
    forcePathStyle: opts.forcePathStyle ?? true,
    // Only add checksums where S3 demands them: by default the SDK checksums every upload, and a streamed
    // body then goes out aws-chunked with a trailing checksum, which some S3-compatible services (s3rver
    // among them) store framing and all. put() sends Buffers today; this keeps streams safe too.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(opts.accessKeyId && opts.secretAccessKey
      ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
      : {}),
  });
  const prefix = opts.bucketPrefix ?? '';

  function bucketName(bucket: Bucket): string {
    if (!BUCKETS.includes(bucket)) throw new Error(`Unknown bucket: ${JSON.stringify(bucket)}`);
    return prefix + bucket;
  }

  async function list(bucket: Bucket, keyPrefix: string): Promise<string[]> {
    assertSafePrefix(keyPrefix);
    const keys: string[] = [];
    for await (const page of paginateListObjectsV2({ client }, { Bucket: bucketName(bucket), Prefix: keyPrefix })) {
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
    }
    return keys;
  }

  /** Delete keys as given (already validated, or listed from the bucket itself). */
  async function deleteKeys(bucket: Bucket, keys: string[]): Promise<void> {
    const Bucket = bucketName(bucket);
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const result = await client.send(
        new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
      // DeleteObjects answers 200 even when some keys failed; a missing key is not a failure in S3.
      const failed = result.Errors ?? [];
      if (failed.length > 0) {
        const first = failed[0];
        throw new Error(`S3 could not delete ${failed.length} object(s) from ${Bucket}: ${first.Key} ${first.Code} ${first.Message}`);
      }
    }
  }

  async function headObject(Bucket: string, key: string) {
    try {
      const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return {
        size: res.ContentLength ?? 0,
        contentType: res.ContentType ?? 'application/octet-stream',
        etag: res.ETag,
        lastModified: res.LastModified,
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  /**
   * The Range header sent to S3. A suffix range (`-500`, the last 500 bytes) becomes absolute first: some
   * S3-compatible services read `-500` as `0-500`. An unsatisfiable one (the object is shorter) is sent as
   * is, so the service answers 416 like for any other.
   */
  async function rangeHeader(Bucket: string, key: string, range: ByteRange): Promise<string> {
    if (!('suffix' in range)) return `bytes=${range.first}-${range.last ?? ''}`;
    const head = await headObject(Bucket, key);
    const bytes = head ? resolveRange(range, head.size) : null;
    return bytes ? `bytes=${bytes.start}-${bytes.end}` : `bytes=${head?.size ?? 0}-`;
  }

  return {
    kind: 's3',

    async put(bucket, key, body, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: bucketName(bucket),
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },

    async get(bucket, key, range): Promise<StoredObject | null> {
      assertSafeKey(key);
      const Bucket = bucketName(bucket);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range ? await rangeHeader(Bucket, key, range) : undefined }));
        // In Node the body is an http.IncomingMessage (a Readable) with the SDK's helper methods mixed in.
        const body = res.Body as Readable | undefined;
        if (!body) return null;
        const object = {
          body,
          size: res.ContentLength ?? 0,
          contentType: res.ContentType ?? 'application/octet-stream',
          etag: res.ETag,
          lastModified: res.LastModified,
        };
        // A service that ignores Range answers 200 with everything (no Content-Range): served as such.
        const served = range ? parseContentRange(res.ContentRange) : null;
        return served ? { ...object, size: served.size, range: { start: served.start, end: served.end } } : object;
      } catch (err) {
        if (isNotFound(err)) return null;
        if (range && isUnsatisfiable(err)) {
          const head = await headObject(Bucket, key);
          if (!head) return null;
          return { ...head, body: Readable.from([]), range: null };
        }
        throw err;
      }
    },

    async exists(bucket, key) {
      assertSafeKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucketName(bucket), Key: key }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },

    list,

    async remove(bucket, keys) {
      keys.forEach(assertSafeKey);
      await deleteKeys(bucket, keys);
    },

    async removePrefix(bucket, keyPrefix) {
      // List first (validates the prefix), then delete: S3 has no "delete by prefix" call.
      await deleteKeys(bucket, await list(bucket, keyPrefix));
    },

    async init() {
      for (const bucket of BUCKETS) {
        const Bucket = bucketName(bucket);
        try {
          await client.send(new HeadBucketCommand({ Bucket }));
        } catch (err) {
          if (!isNotFound(err)) throw err;
          try {
            await client.send(new CreateBucketCommand({ Bucket }));
          } catch (createErr) {
            // Another instance created it between our HEAD and CREATE.
            const name = createErr instanceof S3ServiceException ? createErr.name : '';
            if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw createErr;
          }
        }
      }
    },

    async close() {
      client.destroy();
    },
  };
}
