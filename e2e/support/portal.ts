import type { AddressInfo } from 'node:net';
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

/** The real server (API and pages) on a free port, over a fresh copy of the demo database. */
export async function startPortal(): Promise<Portal> {
  (ensureBuild as (options?: { log?: (m: string) => void }) => boolean)({ log: (m: string) => console.log(m) });
  const test = await createTestApp();
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = test.app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    test,
    origin,
    url: (path = '') => `${origin}${BASE_PATH}${path}`,
    close: () => test.close(),
  };
}
