import { writeFile } from 'node:fs/promises';
import { createDatabase, dumpPglite, type Database } from './client.ts';
import { demoCatalog } from './demo/index.ts';
import { seedIdentityDemo } from './identity/demo-accounts.ts';
import { OPEN_DATA_TEST_SIZE, seedOpenData } from './open-data/seed.ts';
import { seedCatalog } from './seed.ts';

/**
 * The demo as the test suites use it: the catalog with its activity, the demo accounts, a small open-data set.
 * `today`: the day the accounts' dates count from (Maria's CNH expires 45 days after it).
 */
export async function seedTestDemo(db: Database, today: Date = new Date()): Promise<void> {
  await seedCatalog(db, await demoCatalog(), { demoActivity: true });
  await seedIdentityDemo(db, today);
  await seedOpenData(db, OPEN_DATA_TEST_SIZE);
}

/**
 * Writes a PGlite data directory holding the seeded test demo to `file`: every test file (Vitest) and every
 * browser-test portal (Playwright) loads it, because creating and seeding a fresh PGlite takes seconds.
 */
export async function writeTestDemoDump(file: string, today: Date = new Date()): Promise<void> {
  const handle = await createDatabase();
  await handle.migrate();
  await seedTestDemo(handle.db, today);
  const dump = await dumpPglite(handle);
  await handle.close();
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
}
