import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { formatFileSize } from '@portal/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fileTypeFromBuffer, supportedMimeTypes } from 'file-type';
import { badRequest, HttpError, notFound, payloadTooLarge, serviceUnavailable, unprocessable, unsupportedMediaType } from '../lib/http-error.ts';
import { ClamdScan } from './clamd.ts';
import { clamdAddress, s3Location } from './config.ts';
import { folderBackend } from './storage-folder.ts';

/** What was kept of an upload: the key to find it again, and what it is by its content. */
export interface StoredFile {
  /** the module's own name for it (`requests/<uuid>`), never the citizen's file name */
  key: string;
  size: number;
  /** hex */
  sha256: string;
  /** the MIME type its first bytes show (one of `accept`) */
  type: string;
}

export interface ReceiveOptions {
  /** larger than this is refused 413, and the upload is read no further */
  maxBytes: number;
  /** MIME types accepted, by content ('application/pdf', 'image/jpeg', 'image/png') */
  accept: readonly string[];
  /** the request's logger; the app's by default */
  log?: FastifyBaseLogger;
}

export interface Storage {
  /**
   * Keeps an upload, streamed (never whole in memory): its type from its first bytes, its size and sha256 on the
   * way, clamd's check when CLAMD_URL is set. Refusals are HttpErrors in Portuguese: 400 empty, 413 too large,
   * 415 not of an accepted type, 422 infected, 503 antivirus unavailable; after any refusal or failure nothing
   * is left stored, and the upload stream is destroyed.
   */
  receive(stream: Readable, options: ReceiveOptions): Promise<StoredFile>;
  /** The bytes of a kept file; 404 HttpError when there is none under that key. */
  open(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** Deletes a kept file; nothing to delete is fine. */
  remove(key: string): Promise<void>;
}

/** Where the bytes go (the folder, or S3): written under a pending name, then committed or discarded. */
export interface StorageBackend {
  /** writes the whole body under the key's pending name, where no reader looks */
  write(key: string, body: Readable, type: string): Promise<void>;
  /** gives the pending file its key */
  commit(key: string): Promise<void>;
  /** deletes the pending file, if any */
  discard(key: string): Promise<void>;
  /** null when there is no file under the key */
  open(key: string): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  close?(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

const PREFIX = 'requests/';
const KEY = /^requests\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** How much file-type reads to decide (its own `reasonableDetectionSizeInBytes`): PDF, JPEG and PNG need far less. */
const SNIFF_BYTES = 4100;

const SHORT_NAMES: Record<string, string> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' };
const shortName = (type: string) => SHORT_NAMES[type] ?? type.slice(type.indexOf('/') + 1).toUpperCase();
const EITHER = new Intl.ListFormat('pt-BR', { type: 'disjunction' });

function wrongType(accept: readonly string[], found: { ext: string } | undefined) {
  const what = found ? `um arquivo ${found.ext.toUpperCase()}` : 'outro tipo';
  return unsupportedMediaType(`O arquivo não é um ${EITHER.format(accept.map(shortName))}: o conteúdo dele é de ${what}.`);
}

export const storagePlugin = fp(async (app: FastifyInstance) => {
  const { S3_URL, CLAMD_URL, CLAMD_TIMEOUT_SECONDS, DATA_DIR } = app.config;
  // The AWS SDK takes about half a second to load: only a portal that uses S3 pays for it.
  const backend = S3_URL ? (await import('./storage-s3.ts')).s3Backend(s3Location(S3_URL)) : folderBackend(join(DATA_DIR, 'files'));
  const clamd = CLAMD_URL ? clamdAddress(CLAMD_URL) : null;
  app.addHook('onClose', async () => backend.close?.());

  async function receive(stream: Readable, { maxBytes, accept, log = app.log }: ReceiveOptions): Promise<StoredFile> {
    for (const type of accept) if (!supportedMimeTypes.has(type)) throw new Error(`storage: file-type cannot recognise ${type}`);
    const key = `${PREFIX}${randomUUID()}`;
    const hash = createHash('sha256');
    let size = 0;
    // The first refusal met, whichever stage meets it: the upload library may report its own failure instead.
    let refusal: HttpError | null = null;
    const refuse = (error: HttpError) => (refusal ??= error);

    async function* measured() {
      for await (const chunk of stream as AsyncIterable<Uint8Array | string>) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        size += bytes.length;
        if (size > maxBytes) throw refuse(payloadTooLarge(`O arquivo passa de ${formatFileSize(maxBytes)}.`));
        hash.update(bytes);
        yield bytes;
      }
    }

    const input = measured();
    let scan: ClamdScan | null = null;
    let writing = false;
    try {
      // Its type by its first bytes, read ahead before anything is stored, then handed on with the rest.
      const head: Uint8Array[] = [];
      let headBytes = 0;
      while (headBytes < SNIFF_BYTES) {
        const next = await input.next();
        if (next.done) break;
        head.push(next.value);
        headBytes += next.value.length;
      }
      if (headBytes === 0) throw refuse(badRequest('O arquivo está vazio.'));
      const found = await fileTypeFromBuffer(Buffer.concat(head));
      if (!found || !accept.includes(found.mime)) throw refuse(wrongType(accept, found));

      // clamd reads the bytes as they are stored (a tee): its word comes right after the last one.
      const scanning = clamd ? new ClamdScan(clamd, CLAMD_TIMEOUT_SECONDS * 1000) : null;
      scan = scanning;
      const unavailable = (err: unknown) => {
        log.warn({ err }, 'antivirus unavailable: upload refused');
        return refuse(serviceUnavailable('Não foi possível verificar o arquivo agora; tente de novo em alguns minutos.'));
      };
      async function* checked() {
        for (const chunks of [head, input]) {
          for await (const chunk of chunks) {
            if (scanning) await scanning.write(chunk).catch((err) => Promise.reject(unavailable(err)));
            yield chunk;
          }
        }
      }
      writing = true;
      await backend.write(key, Readable.from(checked()), found.mime);
      if (scanning) {
        const verdict = await scanning.verdict().catch((err) => Promise.reject(unavailable(err)));
        if (verdict.infected) {
          // The signature's name says what was found, nothing about who sent it.
          log.info({ signature: verdict.signature }, 'antivirus found a problem: upload refused');
          throw refuse(unprocessable('O antivírus encontrou um problema neste arquivo; ele não foi guardado.'));
        }
      }
      await backend.commit(key);
      return { key, size, sha256: hash.digest('hex'), type: found.mime };
    } catch (err) {
      scan?.abort();
      if (!stream.destroyed) stream.destroy();
      if (writing) await backend.discard(key).catch((e: unknown) => log.error({ err: e }, 'a refused upload could not be deleted'));
      throw refusal ?? err;
    }
  }

  app.decorate('storage', {
    receive,
    async open(key) {
      const body = KEY.test(key) ? await backend.open(key) : null;
      if (!body) throw notFound('O arquivo não foi encontrado.');
      return body;
    },
    async exists(key) {
      return KEY.test(key) && backend.exists(key);
    },
    async remove(key) {
      if (KEY.test(key)) await backend.remove(key);
    },
  } satisfies Storage);
});
