import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import type { S3Location } from './config.ts';
import type { StorageBackend } from './storage.ts';

const isMissing = (err: unknown) => err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404;

/** Parts of a multipart upload: S3's smallest. One at a time, so an upload holds at most this much in memory. */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * Files in an S3-compatible bucket (S3_URL): an upload goes to `pending/<key>` while it is checked, then is copied
 * to `<key>` and the pending object deleted; a refused one is deleted. Objects left under `pending/` by a process
 * that died half-way are nobody's: a lifecycle rule on the bucket expires them (docs/decisions/033-files.md).
 */
export function s3Backend(location: S3Location): StorageBackend & { close(): void } {
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    ...(location.credentials ? { credentials: location.credentials } : {}),
    // The SDK's default checksums (CRC32 trailers on streamed bodies) are refused by several S3-compatible
    // stores; the sha256 we compute ourselves is what we keep and compare.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = location.bucket;
  const pending = (key: string) => `pending/${key}`;
  return {
    async write(key, body, type) {
      await new Upload({ client, params: { Bucket, Key: pending(key), Body: body, ContentType: type }, partSize: PART_BYTES, queueSize: 1 }).done();
    },
    async commit(key) {
      // Keys are ours (a prefix and a UUID): nothing in them needs encoding in CopySource.
      await client.send(new CopyObjectCommand({ Bucket, Key: key, CopySource: `${Bucket}/${pending(key)}` }));
      // The file is kept from here on: a pending copy that stays is the lifecycle rule's, not a failed upload.
      await client.send(new DeleteObjectCommand({ Bucket, Key: pending(key) })).catch(() => {});
    },
    async discard(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: pending(key) }));
    },
    async open(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return object.Body as Readable;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    close() {
      client.destroy();
    },
  };
}
