import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { freePort } from './free-port.ts';

/**
 * Stand-ins for what stored files talk to (plugins/storage.ts), started by a test on this machine: an S3 server
 * (s3rver, files in a temporary folder) and a clamd that speaks INSTREAM. Pass their `url` as S3_URL and
 * CLAMD_URL, e.g. `createTestApp({ env: { S3_URL: s3.url, CLAMD_URL: clamd.url } })`.
 */

export interface S3StandIn {
  /** S3_URL for it: http://S3RVER:S3RVER@127.0.0.1:<port>/portal-arquivos?region=sa-east-1 */
  url: string;
  bucket: string;
  /** every object's key in the bucket, pending ones too (to check that a refusal left nothing) */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3StandIn(): Promise<S3StandIn> {
  const directory = await mkdtemp(join(tmpdir(), 'portal-s3-'));
  const bucket = 'portal-arquivos';
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's own fixed credentials.
  const client = new S3Client({ endpoint, region: 'sa-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  return {
    url: `http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}?region=sa-east-1`,
    bucket,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The EICAR test file: harmless, and every antivirus reports it (so does the clamd stand-in). */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

export interface ClamdStandIn {
  /** CLAMD_URL for it: tcp://127.0.0.1:<port>, or unix://<path> */
  url: string;
  /** the bytes of each file it was sent to the end, in order */
  scanned: Buffer[];
  close(): Promise<void>;
}

/**
 * A clamd speaking INSTREAM ('zINSTREAM\0', 4-byte big-endian lengths, a zero length at the end): `scan` answers
 * 'stream: Eicar-Test-Signature FOUND' when the file holds EICAR and 'stream: OK' otherwise; `silent` reads
 * everything and never answers (a clamd that hangs). Listens on a TCP port, or on a unix socket at `path`.
 */
export async function startClamdStandIn(options: { mode?: 'scan' | 'silent'; path?: string } = {}): Promise<ClamdStandIn> {
  const mode = options.mode ?? 'scan';
  const scanned: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffered = Buffer.alloc(0);
    let commandRead = false;
    const file: Buffer[] = [];
    socket.on('data', (data: Buffer) => {
      buffered = Buffer.concat([buffered, data]);
      if (!commandRead) {
        const end = buffered.indexOf(0);
        if (end < 0) return;
        if (buffered.subarray(0, end).toString() !== 'zINSTREAM') {
          socket.end('UNKNOWN COMMAND\0');
          return;
        }
        commandRead = true;
        buffered = buffered.subarray(end + 1);
      }
      while (buffered.length >= 4) {
        const length = buffered.readUInt32BE(0);
        if (length === 0) {
          const whole = Buffer.concat(file);
          scanned.push(whole);
          if (mode === 'scan') socket.end(whole.includes(EICAR) ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0');
          return;
        }
        if (buffered.length < 4 + length) return;
        file.push(buffered.subarray(4, 4 + length));
        buffered = buffered.subarray(4 + length);
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    if (options.path) server.listen(options.path, resolve);
    else server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: options.path ? `unix://${options.path}` : `tcp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    scanned,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** CLAMD_URL of a clamd that is not there: a port nothing listens on. */
export async function absentClamdUrl(): Promise<string> {
  return `tcp://127.0.0.1:${await freePort()}`;
}
