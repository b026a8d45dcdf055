import type { Readable } from 'node:stream';
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
import { assertSafeKey, assertSafePrefix, type Storage, type StoredObject } from './storage.js';

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

    async get(bucket, key): Promise<StoredObject | null> {
      assertSafeKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucketName(bucket), Key: key }));
        // In Node the body is an http.IncomingMessage (a Readable) with the SDK's helper methods mixed in.
        const body = res.Body as Readable | undefined;
        if (!body) return null;
        return {
          body,
          size: res.ContentLength ?? 0,
          contentType: res.ContentType ?? 'application/octet-stream',
          etag: res.ETag,
          lastModified: res.LastModified,
        };
      } catch (err) {
        if (isNotFound(err)) return null;
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
