import { createServer, type AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../apps/server/src/test-support/app.ts';
// @ts-expect-error: a plain ES module without type declarations
import { ensureBuild } from '../../apps/web/scripts/ensure-build.mjs';

export const BASE_PATH = '/app/catalog';

export interface Portal {
  test: TestApp;
  /** http://127.0.0.1:{port} */
  origin: string;
  /** origin + BASE_PATH + path */
  url(path?: string): string;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The real server (API and pages) on a free port, over a fresh copy of the demo database. The port is
 * chosen first so that PUBLIC_URL (which absolute links use, never the Host header) is the browser's address.
 */
export async function startPortal(): Promise<Portal> {
  (ensureBuild as (options?: { log?: (m: string) => void }) => boolean)({ log: (m: string) => console.log(m) });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const test = await createTestApp({ env: { PUBLIC_URL: origin, PORT: String(port) } });
  await test.app.listen({ port, host: '127.0.0.1' });
  return {
    test,
    origin,
    url: (path = '') => `${origin}${BASE_PATH}${path}`,
    close: () => test.close(),
  };
}
