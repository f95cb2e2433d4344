import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { formatFileSize } from '@portal/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-error.ts';
import { createTestApp } from '../test-support/app.ts';
import { absentClamdUrl, EICAR, startClamdStandIn, startS3StandIn, type ClamdStandIn, type S3StandIn } from '../test-support/file-stand-ins.ts';
import { clamdAddress, loadConfig, s3Location } from './config.ts';
import { storagePlugin } from './storage.ts';

/**
 * Uploaded files (plugins/storage.ts, docs/decisions/033-files.md), on both backends (a folder under DATA_DIR,
 * and an S3 stand-in), with a clamd stand-in: what is accepted is kept byte for byte; whatever is refused, for
 * whichever reason, leaves nothing behind.
 */

const MiB = 1024 * 1024;
const DOCUMENTS = ['application/pdf', 'image/jpeg', 'image/png'] as const;

async function pdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  // Four pages: larger than what the type is sniffed from, and than one piece of the upload.
  for (let number = 1; number <= 4; number++) {
    const page = doc.addPage();
    for (let line = 0; line < 40; line++) page.drawText(`Laudo médico de teste, página ${number}, linha ${line + 1}.`, { font, size: 10, x: 50, y: 780 - line * 18 });
  }
  return Buffer.from(await doc.save());
}

/** A real 1×1 PNG: signature, IHDR, IDAT, IEND. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The bytes in pieces of `size`, as an upload arrives. */
const upload = (bytes: Buffer, size = 1000) =>
  Readable.from((function* () {
    for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
  })());

/** A PDF that would go on for `totalBytes`; `produced()` says how much of it was actually read. */
function endlessPdf(totalBytes: number) {
  let produced = 0;
  const piece = Buffer.alloc(64 * 1024, 0x20);
  Buffer.from('%PDF-1.7\n').copy(piece);
  const stream = Readable.from((function* () {
    while (produced < totalBytes) {
      produced += piece.length;
      yield piece;
    }
  })());
  return { stream, produced: () => produced };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function storageApp(env: Record<string, string>): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorate('config', loadConfig({ NODE_ENV: 'test', ...env }));
  await app.register(storagePlugin);
  await app.ready();
  return app;
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1)).sort();
}

interface Backend {
  /** the environment that selects it */
  env: Record<string, string>;
  /** every stored name, pending ones too */
  stored(): Promise<string[]>;
  close(): Promise<void>;
}

const backends: Record<string, () => Promise<Backend>> = {
  'a folder under DATA_DIR': async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-files-'));
    return {
      env: { DATA_DIR: dataDir },
      stored: () => filesUnder(join(dataDir, 'files')),
      close: () => rm(dataDir, { recursive: true, force: true }),
    };
  },
  'an S3-compatible store': async () => {
    const s3: S3StandIn = await startS3StandIn();
    return { env: { S3_URL: s3.url }, stored: () => s3.keys(), close: () => s3.close() };
  },
};

describe.each(Object.keys(backends))('stored files in %s', (backendName) => {
  let backend: Backend;
  let clamd: ClamdStandIn;
  let silentClamd: ClamdStandIn;
  let plain: FastifyInstance;
  let scanned: FastifyInstance;
  const apps: FastifyInstance[] = [];
  let document: Buffer;

  beforeAll(async () => {
    backend = await backends[backendName]!();
    clamd = await startClamdStandIn();
    silentClamd = await startClamdStandIn({ mode: 'silent' });
    plain = await storageApp(backend.env);
    scanned = await storageApp({ ...backend.env, CLAMD_URL: clamd.url });
    apps.push(plain, scanned);
    document = await pdf();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await clamd.close();
    await silentClamd.close();
    await backend.close();
  });

  const expectNothingStored = async () => expect(await backend.stored()).toEqual([]);

  /** Removes whatever a test kept, so that the next one can check that it left nothing. */
  async function removeAll(app: FastifyInstance, keys: string[]) {
    for (const key of keys) await app.storage.remove(key);
    await expectNothingStored();
  }

  it('keeps a PDF under a key of its own and gives back the very same bytes, with its size, sha256 and type', async () => {
    expect(document.length).toBeGreaterThan(4100);
    const file = await plain.storage.receive(upload(document), { maxBytes: MiB, accept: DOCUMENTS });
    expect(file).toEqual({ key: expect.stringMatching(/^requests\/[0-9a-f-]{36}$/), size: document.length, sha256: sha256(document), type: 'application/pdf' });
    expect(await backend.stored()).toEqual([file.key]);
    expect(await plain.storage.exists(file.key)).toBe(true);
    expect((await readAll(await plain.storage.open(file.key))).equals(document)).toBe(true);
    // A file exactly at the limit is not over it.
    const exact = await plain.storage.receive(upload(document), { maxBytes: document.length, accept: ['application/pdf'] });
    expect(exact.key).not.toBe(file.key);
    await removeAll(plain, [file.key, exact.key]);
  });

  it('takes a PNG and a JPEG by their content, whatever arrives in one piece', async () => {
    const image = await plain.storage.receive(Readable.from([png()]), { maxBytes: MiB, accept: DOCUMENTS });
    expect(image.type).toBe('image/png');
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(200, 1)]);
    const photo = await plain.storage.receive(Readable.from([jpeg]), { maxBytes: MiB, accept: DOCUMENTS });
    expect(photo.type).toBe('image/jpeg');
    await removeAll(plain, [image.key, photo.key]);
  });

  it('refuses 415 what is not of an accepted type by its content (a PNG called .pdf, text said to be a PDF), keeping nothing', async () => {
    const renamed = plain.storage.receive(upload(png()), { maxBytes: MiB, accept: ['application/pdf'] });
    await expect(renamed).rejects.toBeInstanceOf(HttpError);
    await expect(renamed).rejects.toMatchObject({ statusCode: 415, message: 'O arquivo não é um PDF: o conteúdo dele é de um arquivo PNG.' });
    const text = Readable.from([Buffer.from('Isto é só texto, embora o navegador diga application/pdf.\n'.repeat(200))]);
    await expect(plain.storage.receive(text, { maxBytes: MiB, accept: DOCUMENTS })).rejects.toMatchObject({
      statusCode: 415,
      message: 'O arquivo não é um PDF, JPEG ou PNG: o conteúdo dele é de outro tipo.',
    });
    await expectNothingStored();
  });

  it('refuses 400 an empty file', async () => {
    await expect(plain.storage.receive(Readable.from([]), { maxBytes: MiB, accept: DOCUMENTS })).rejects.toMatchObject({ statusCode: 400, message: 'O arquivo está vazio.' });
    await expectNothingStored();
  });

  it('refuses 413 a file over the limit as soon as it passes it: the rest is never read, and nothing is kept', async () => {
    // Over 5 MiB, S3 is past its first part of a multipart upload when the limit is passed.
    const { stream, produced } = endlessPdf(100 * MiB);
    const refused = plain.storage.receive(stream, { maxBytes: 6 * MiB, accept: DOCUMENTS });
    await expect(refused).rejects.toMatchObject({ statusCode: 413, message: 'O arquivo passa de 6 MB.' });
    expect(produced()).toBeGreaterThan(6 * MiB);
    // What was read past the limit is at most Readable.from's read-ahead (16 pieces of 64 KiB).
    expect(produced()).toBeLessThan(8 * MiB);
    expect(stream.destroyed).toBe(true);
    await expectNothingStored();
    // Passing the limit within the first bytes (before the type is known) is refused the same way.
    await expect(plain.storage.receive(upload(document), { maxBytes: 1000, accept: DOCUMENTS })).rejects.toMatchObject({ statusCode: 413, message: 'O arquivo passa de 1.000 bytes.' });
    await expectNothingStored();
  });

  it('keeps nothing of an upload that breaks off half-way (the connection dropped), and says why', async () => {
    const broken = Readable.from((async function* () {
      yield document.subarray(0, 5000);
      yield document.subarray(5000, 9000);
      throw new Error('conexão interrompida');
    })());
    await expect(scanned.storage.receive(broken, { maxBytes: MiB, accept: DOCUMENTS })).rejects.toThrow('conexão interrompida');
    await expectNothingStored();
  });

  it('sends every byte of a file to clamd and keeps it when clamd finds nothing', async () => {
    const file = await scanned.storage.receive(upload(document), { maxBytes: MiB, accept: DOCUMENTS });
    expect(clamd.scanned.at(-1)?.equals(document)).toBe(true);
    expect((await readAll(await scanned.storage.open(file.key))).equals(document)).toBe(true);
    await removeAll(scanned, [file.key]);
  });

  it('refuses 422 a file clamd finds infected, keeping nothing', async () => {
    const infected = Buffer.concat([document.subarray(0, 2000), Buffer.from(EICAR), document.subarray(2000)]);
    await expect(scanned.storage.receive(upload(infected), { maxBytes: MiB, accept: DOCUMENTS })).rejects.toMatchObject({
      statusCode: 422,
      message: 'O antivírus encontrou um problema neste arquivo; ele não foi guardado.',
    });
    expect(clamd.scanned.at(-1)?.equals(infected)).toBe(true);
    await expectNothingStored();
  });

  it('refuses 503 when clamd is configured but does not answer, or is not there, keeping nothing', async () => {
    const unavailable = { statusCode: 503, message: 'Não foi possível verificar o arquivo agora; tente de novo em alguns minutos.' };
    const silent = await storageApp({ ...backend.env, CLAMD_URL: silentClamd.url, CLAMD_TIMEOUT_SECONDS: '0.5' });
    const absent = await storageApp({ ...backend.env, CLAMD_URL: await absentClamdUrl() });
    apps.push(silent, absent);
    const started = Date.now();
    await expect(silent.storage.receive(upload(document), { maxBytes: MiB, accept: DOCUMENTS })).rejects.toMatchObject(unavailable);
    // It waited for clamd's answer, for CLAMD_TIMEOUT_SECONDS and no longer.
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(silentClamd.scanned.at(-1)?.equals(document)).toBe(true);
    await expect(absent.storage.receive(upload(document), { maxBytes: MiB, accept: DOCUMENTS })).rejects.toMatchObject(unavailable);
    await expectNothingStored();
  });

  it('removes a file once and again without complaint; a removed or never-made key is 404 to open', async () => {
    const file = await plain.storage.receive(upload(document), { maxBytes: MiB, accept: DOCUMENTS });
    await plain.storage.remove(file.key);
    await plain.storage.remove(file.key);
    expect(await plain.storage.exists(file.key)).toBe(false);
    await expect(plain.storage.open(file.key)).rejects.toMatchObject({ statusCode: 404, message: 'O arquivo não foi encontrado.' });
    // Only the module's own keys are looked up: a path from elsewhere is simply not there.
    await expect(plain.storage.open('../../package.json')).rejects.toMatchObject({ statusCode: 404 });
    expect(await plain.storage.exists('requests/../../package.json')).toBe(false);
    await expectNothingStored();
  });
});

describe('clamd on a unix socket', () => {
  it('scans through CLAMD_URL=unix://…', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-files-'));
    const clamd = await startClamdStandIn({ path: join(dataDir, 'clamd.ctl') });
    const app = await storageApp({ DATA_DIR: dataDir, CLAMD_URL: clamd.url });
    try {
      const infected = Buffer.concat([png(), Buffer.from(EICAR)]);
      await expect(app.storage.receive(upload(infected), { maxBytes: MiB, accept: DOCUMENTS })).rejects.toMatchObject({ statusCode: 422 });
      expect(clamd.scanned).toHaveLength(1);
      expect(await filesUnder(join(dataDir, 'files'))).toEqual([]);
    } finally {
      await app.close();
      await clamd.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the settings of stored files', () => {
  it('reads S3_URL into endpoint, bucket, region and credentials, and refuses what is not one', () => {
    expect(s3Location('https://AKIA123:se%2Fcret%2B1@minio.pi.gov.br:9000/portal-arquivos?region=sa-east-1')).toEqual({
      endpoint: 'https://minio.pi.gov.br:9000',
      bucket: 'portal-arquivos',
      region: 'sa-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA123', secretAccessKey: 'se/cret+1' },
    });
    expect(s3Location('https://s3.sa-east-1.amazonaws.com/portal-arquivos')).toEqual({
      endpoint: 'https://s3.sa-east-1.amazonaws.com',
      bucket: 'portal-arquivos',
      region: 'sa-east-1',
      forcePathStyle: false,
    });
    const refused = (value: string) => () => loadConfig({ S3_URL: value });
    expect(refused('ftp://k:s@host/bucket')).toThrow(/S3_URL must look like https:\/\/ACCESS_KEY:SECRET@host.*http or https only/);
    expect(refused('https://k:s@host/')).toThrow(/the path is the bucket's name/);
    expect(refused('https://k:s@host/a/b')).toThrow(/the path is the bucket's name/);
    expect(refused('https://k:s@host/Bucket')).toThrow(/the path is the bucket's name/);
    expect(refused('https://k:s@host/bucket?regiao=sa-east-1')).toThrow(/unknown parameter regiao/);
    expect(refused('https://k@host/bucket')).toThrow(/both the access key and the secret/);
    expect(loadConfig({ S3_URL: '' }).S3_URL).toBeUndefined();
  });

  it('reads CLAMD_URL as tcp://host:port or unix:///path, and refuses anything else', () => {
    expect(clamdAddress('tcp://127.0.0.1:3310')).toEqual({ host: '127.0.0.1', port: 3310 });
    expect(clamdAddress('tcp://[::1]:3310')).toEqual({ host: '::1', port: 3310 });
    expect(clamdAddress('unix:///run/clamav/clamd.ctl')).toEqual({ path: '/run/clamav/clamd.ctl' });
    for (const value of ['tcp://127.0.0.1', 'http://127.0.0.1:3310', 'unix://clamd.ctl', '127.0.0.1:3310']) {
      expect(() => loadConfig({ CLAMD_URL: value }), value).toThrow(/CLAMD_URL must be tcp:\/\/host:port/);
    }
    expect(loadConfig({}).CLAMD_TIMEOUT_SECONDS).toBe(30);
  });

  it('writes a limit as the citizen’s computer shows sizes', () => {
    expect(formatFileSize(20 * MiB)).toBe('20 MB');
    expect(formatFileSize(1.5 * MiB)).toBe('1,5 MB');
    expect(formatFileSize(20 * MiB - 1)).toBe('19,9 MB');
    expect(formatFileSize(500 * 1024)).toBe('500 KB');
    expect(formatFileSize(1000)).toBe('1.000 bytes');
  });

  it('is part of every app the portal builds', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-files-'));
    const t = await createTestApp({ env: { DATA_DIR: dataDir } });
    try {
      const file = await t.app.storage.receive(Readable.from([png()]), { maxBytes: MiB, accept: ['image/png'] });
      expect(await filesUnder(join(dataDir, 'files'))).toEqual([file.key]);
    } finally {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
