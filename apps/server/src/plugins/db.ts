import {
  createDatabase, demoCatalog, isCatalogEmpty, isIdentityEmpty, isOpenDataEmpty, OPEN_DATA_DEMO_SIZE, seedCatalog, seedIdentityDemo, seedOpenData,
  type Database, type DatabaseHandle,
} from '@portal/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

export interface DbPluginOptions {
  config: Config;
  /** an open database (tests); the app then neither migrates, seeds nor closes it */
  database?: DatabaseHandle;
}

/** Opens PGlite (default) or PostgreSQL (DATABASE_URL), migrates, and seeds the demo into an empty database. */
export const dbPlugin = fp(async (app: FastifyInstance, { config, database }: DbPluginOptions) => {
  let handle = database;
  if (!handle) {
    handle = await createDatabase({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR });
    const started = Date.now();
    await handle.migrate();
    let seeded = false;
    if (config.SEED_DEMO && (await isCatalogEmpty(handle.db))) {
      app.log.info('empty database: loading the demo catalog');
      await seedCatalog(handle.db, await demoCatalog(), { demoActivity: true });
      seeded = true;
    }
    if (config.SEED_DEMO && (await isOpenDataEmpty(handle.db))) {
      const openDataStarted = Date.now();
      await seedOpenData(handle.db, OPEN_DATA_DEMO_SIZE);
      app.log.info({ ...OPEN_DATA_DEMO_SIZE, ms: Date.now() - openDataStarted }, 'open data generated');
      seeded = true;
    }
    if (config.SEED_DEMO && (await isIdentityEmpty(handle.db))) {
      app.log.info('no accounts yet: loading the demo citizens (maria.silva, joao.souza)');
      await seedIdentityDemo(handle.db);
      seeded = true;
    }
    if (seeded && handle.kind === 'pglite') {
      // PGlite's memory never shrinks: seeding grew it by some 200 MB. Opened again, the portal starts as
      // light as on any later start (docs/decisions/014-embedded-memory.md).
      await handle.close();
      handle = await createDatabase({ dataDir: config.DATA_DIR });
    }
    app.log.info({ kind: handle.kind, ms: Date.now() - started }, 'database ready');
    const owned = handle;
    app.addHook('onClose', async () => owned.close());
  }
  app.decorate('database', handle);
  app.decorate('db', handle.db);
});
