// npm run seed -- [--services N] [--data-dir DIR] [--database-url URL] [--fresh]
//                 [--open-data-expenses N] [--open-data-servants N] [--open-data-years N]
// Fills an empty database: the demo catalog, or with --services N a synthetic catalog of N services
// built from it (for tests and benchmarks). --fresh deletes a PGlite data directory first.
// Open data: generated after the catalog (demo sizes by default). Any --open-data-* flag regenerates
// it at that size even when the catalog already exists, e.g. a million empenhos for the export bench:
//   npm run seed -- --open-data-expenses 1000000 --open-data-years 1
// --requests N adds N synthetic citizens' requests to the services that take them (the queue's benchmark), even
// when the catalog already exists:  npm run seed -- --requests 1000000 --database-url postgres://…
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createDatabase } from './client.ts';
import { demoCatalog } from './demo/index.ts';
import { generateCatalog } from './generate.ts';
import { generateRequests } from './generate-requests.ts';
import { isOpenDataEmpty, OPEN_DATA_DEMO_SIZE, seedOpenData } from './open-data/seed.ts';
import { isCatalogEmpty, seedCatalog } from './seed.ts';

const { values } = parseArgs({
  options: {
    services: { type: 'string' },
    requests: { type: 'string' },
    'data-dir': { type: 'string', default: process.env.DATA_DIR || './.data' },
    'database-url': { type: 'string', default: process.env.DATABASE_URL || undefined },
    fresh: { type: 'boolean', default: false },
    'open-data-expenses': { type: 'string' },
    'open-data-servants': { type: 'string' },
    'open-data-years': { type: 'string' },
  },
});

const positive = (flag: string, value: string | undefined) => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${flag} takes a positive whole number`);
  return n;
};
const openData = {
  expenses: positive('open-data-expenses', values['open-data-expenses']),
  servants: positive('open-data-servants', values['open-data-servants']),
  years: positive('open-data-years', values['open-data-years']),
};
const openDataAsked = Object.values(openData).some((v) => v !== undefined);
const requests = positive('requests', values.requests);

const url = values['database-url'];
const dataDir = values['data-dir'];
if (values.fresh && !url) await rm(dataDir, { recursive: true, force: true });

const started = Date.now();
const handle = await createDatabase(url ? { url } : { dataDir });
try {
  await handle.migrate();
  if (await isCatalogEmpty(handle.db)) {
    const demo = await demoCatalog();
    const count = values.services ? Number.parseInt(values.services, 10) : undefined;
    if (count !== undefined && !(count > 0)) throw new Error('--services takes a positive whole number');
    const data = count ? generateCatalog(demo, count) : demo;
    await seedCatalog(handle.db, data, { demoActivity: true });
    console.log(`${data.services.length} services written to ${url ? 'PostgreSQL' : dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else if (!openDataAsked && !requests) {
    console.error('The catalog is not empty: nothing was written. Use --fresh (PGlite) or an empty database.');
    process.exitCode = 1;
  }
  if (openDataAsked || (process.exitCode !== 1 && (await isOpenDataEmpty(handle.db)))) {
    const openStarted = Date.now();
    const size = {
      expenses: openData.expenses ?? OPEN_DATA_DEMO_SIZE.expenses,
      servants: openData.servants ?? OPEN_DATA_DEMO_SIZE.servants,
      years: openData.years ?? OPEN_DATA_DEMO_SIZE.years,
    };
    await seedOpenData(handle.db, { ...size, replace: true });
    console.log(`open data (${size.expenses} empenhos, ${size.servants} servants, ${size.years} years) written in ${((Date.now() - openStarted) / 1000).toFixed(1)} s`);
  }
  if (requests && process.exitCode !== 1) {
    const requestsStarted = Date.now();
    await generateRequests(handle.db, requests);
    console.log(`${requests} requests written in ${((Date.now() - requestsStarted) / 1000).toFixed(1)} s`);
  }
} finally {
  await handle.close();
}
