// npm run seed -- [--services N] [--data-dir DIR] [--database-url URL] [--fresh]
// Fills an empty database: the demo catalog, or with --services N a synthetic catalog of N services
// built from it (for tests and benchmarks). --fresh deletes a PGlite data directory first.
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createDatabase } from './client.ts';
import { demoCatalog } from './demo/index.ts';
import { generateCatalog } from './generate.ts';
import { isCatalogEmpty, seedCatalog } from './seed.ts';

const { values } = parseArgs({
  options: {
    services: { type: 'string' },
    'data-dir': { type: 'string', default: process.env.DATA_DIR || './.data' },
    'database-url': { type: 'string', default: process.env.DATABASE_URL || undefined },
    fresh: { type: 'boolean', default: false },
  },
});

const url = values['database-url'];
const dataDir = values['data-dir'];
if (values.fresh && !url) await rm(dataDir, { recursive: true, force: true });

const started = Date.now();
const handle = await createDatabase(url ? { url } : { dataDir });
try {
  await handle.migrate();
  if (!(await isCatalogEmpty(handle.db))) {
    console.error('The catalog is not empty: nothing was written. Use --fresh (PGlite) or an empty database.');
    process.exitCode = 1;
  } else {
    const demo = await demoCatalog();
    const count = values.services ? Number.parseInt(values.services, 10) : undefined;
    if (count !== undefined && !(count > 0)) throw new Error('--services takes a positive whole number');
    const data = count ? generateCatalog(demo, count) : demo;
    await seedCatalog(handle.db, data, { demoActivity: true });
    console.log(`${data.services.length} services written to ${url ? 'PostgreSQL' : dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  await handle.close();
}
