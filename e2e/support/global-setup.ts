import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeTestDemoDump } from '@portal/db';
// @ts-expect-error: a plain ES module without type declarations
import { ensureBuild } from '../../apps/web/scripts/ensure-build.mjs';
import { CHROMIUM } from './browser.ts';
import { DEMO_DAY_ENV, DUMP_ENV } from './portal.ts';

/**
 * Once per run, before any worker: Chromium must be there (the run fails, never skips), the web app is built
 * when missing or stale, and the demo database is seeded once into a PGlite dump each portal loads.
 */
export default async function globalSetup() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `\n${'!'.repeat(78)}\n!! No Chromium at ${CHROMIUM}: the browser tests cannot run.\n!! Install it with: apt-get update && apt-get install -y chromium\n!! (or set CHROMIUM_PATH; never \`npx playwright install\`)\n${'!'.repeat(78)}\n`,
    );
  }
  (ensureBuild as (options?: { log?: (m: string) => void }) => boolean)({ log: (m: string) => console.log(m) });

  const dir = await mkdtemp(join(tmpdir(), 'portal-e2e-'));
  const file = join(dir, 'demo.tar');
  const demoDay = new Date();
  await writeTestDemoDump(file, demoDay);
  // Workers inherit the environment of the global setup.
  process.env[DUMP_ENV] = file;
  process.env[DEMO_DAY_ENV] = demoDay.toISOString();

  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
