import { writeFile } from 'node:fs/promises';
import { createDatabase, dumpPglite, type Database } from './client.ts';
import { demoCatalog } from './demo/index.ts';
import { seedIdentityDemo } from './identity/demo-accounts.ts';
import { OPEN_DATA_TEST_SIZE, seedOpenData } from './open-data/seed.ts';
import { seedCatalog } from './seed.ts';

/** The demo as the test suites use it: the catalog with its activity, the demo accounts, a small open-data set. */
export async function seedTestDemo(db: Database): Promise<void> {
  await seedCatalog(db, await demoCatalog(), { demoActivity: true });
  await seedIdentityDemo(db);
  await seedOpenData(db, OPEN_DATA_TEST_SIZE);
}

/**
 * Writes a PGlite data directory holding the seeded test demo to `file`: every test file (Vitest) and every
 * browser-test portal (Playwright) loads it, because creating and seeding a fresh PGlite takes seconds.
 */
export async function writeTestDemoDump(file: string): Promise<void> {
  const handle = await createDatabase();
  await handle.migrate();
  await seedTestDemo(handle.db);
  const dump = await dumpPglite(handle);
  await handle.close();
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
}
