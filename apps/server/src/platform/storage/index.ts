import type { Config } from '../../config.js';
import { createDiskStorage } from './disk.js';
import { createS3Storage } from './s3.js';
import type { Storage } from './storage.js';

export * from './storage.js';
export { contentTypeForKey, createDiskStorage } from './disk.js';
export { createS3Storage, type S3StorageOptions } from './s3.js';

/** The storage backend the configuration asks for: S3 when S3_ENDPOINT or S3_REGION is set, else local disk. */
export function createStorage(config: Config): Storage {
  switch (config.storage) {
    case 'disk':
      return createDiskStorage(config.uploadsDir);
    case 's3':
      return createS3Storage({
        endpoint: config.S3_ENDPOINT,
        region: config.S3_REGION,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        bucketPrefix: config.S3_BUCKET_PREFIX,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
      });
  }
}
