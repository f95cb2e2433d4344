import { createWriteStream } from 'node:fs';
import { access, mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StorageBackend } from './storage.ts';

/** What an upload may have waiting for the disk at once. */
const WRITE_AHEAD = 256 * 1024;

const isMissing = (err: unknown) => (err as { code?: string }).code === 'ENOENT';

/**
 * Files in a folder (`${DATA_DIR}/files` by default): `requests/<uuid>`, written first as `requests/.<uuid>.part`
 * beside it and renamed once accepted, so a reader never meets half a file and a refused one never gets its name.
 */
export function folderBackend(root: string): StorageBackend {
  const final = (key: string) => join(root, key);
  const pending = (key: string) => join(root, dirname(key), `.${basename(key)}.part`);
  return {
    async write(key, body) {
      await mkdir(dirname(final(key)), { recursive: true });
      // `flush`: on disk before the rename, so a file the citizen was told is kept survives a power cut.
      // `highWaterMark`: a few of the upload's 64 KB pieces may wait for the disk (written together) while the next are
      // read, instead of each waiting for the one before to be written (16 KB by default: one piece at a time).
      await pipeline(body, createWriteStream(pending(key), { flags: 'wx', flush: true, highWaterMark: WRITE_AHEAD }));
    },
    async commit(key) {
      await rename(pending(key), final(key));
    },
    async discard(key) {
      await rm(pending(key), { force: true });
    },
    async open(key) {
      try {
        const handle = await open(final(key));
        return handle.createReadStream() as unknown as Readable;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async exists(key) {
      try {
        await access(final(key));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async remove(key) {
      await rm(final(key), { force: true });
    },
  };
}
