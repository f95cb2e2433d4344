import { readFile } from 'node:fs/promises';
import { createDatabase } from '@portal/db';
import { buildApp, type App } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/plugins/config.ts';
import { freePort } from '../../apps/server/src/test-support/free-port.ts';

export const BASE_PATH = '/app/catalog';

/** Where global-setup.ts left the seeded demo database (a PGlite dump) for the workers. */
export const DUMP_ENV = 'E2E_PGLITE_DUMP';

/** When global-setup.ts seeded it: the demo's dates count from that day, which a long run may have left. */
export const DEMO_DAY_ENV = 'E2E_DEMO_DAY';

/** The moment the demo database was seeded (its 'today'), for tests that read the demo's relative dates. */
export function demoDay(): Date {
  const seeded = process.env[DEMO_DAY_ENV];
  if (!seeded) throw new Error(`${DEMO_DAY_ENV} is not set: run the browser tests with \`npx playwright test\``);
  return new Date(seeded);
}

export interface Portal {
  app: App;
  /** http://127.0.0.1:{port} (http://localhost:{port} with the login) */
  origin: string;
  /** origin + BASE_PATH + path */
  url(path?: string): string;
  close(): Promise<void>;
}


/**
 * The real server (API, pages and the embedded identity provider) on a free port, over a fresh copy of the
 * demo database. The port is chosen first so that PUBLIC_URL (which absolute links and the provider's issuer
 * and redirect addresses use, never the Host header) is the browser's address.
 */
async function start(host: '127.0.0.1' | 'localhost', env: Record<string, string> = {}): Promise<Portal> {
  const dump = process.env[DUMP_ENV];
  if (!dump) throw new Error(`${DUMP_ENV} is not set: run the browser tests with \`npx playwright test\` (its global setup seeds the database)`);
  const database = await createDatabase({ loadDataDir: new Blob([await readFile(dump)]) });
  const port = await freePort();
  const origin = `http://${host}:${port}`;
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: origin, PORT: String(port), ...env }), database, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    origin,
    url: (path = '') => `${origin}${BASE_PATH}${path}`,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** `env`: settings of this portal only (e.g. VLIBRAS_URL), as environment variables. */
export const startPortal = (env?: Record<string, string>) => start('127.0.0.1', env);

/** The portal whose 'Acesso Cidadão' login the browser goes through, at http://localhost:{port}. */
export const startPortalWithLogin = (env?: Record<string, string>) => start('localhost', env);
