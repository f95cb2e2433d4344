// npm run bench: every benchmark in turn, each writing its own section of bench/README.md.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const benches = ['search.ts', 'relevance.ts', 'serving.ts', 'page-weight.ts', 'lighthouse.ts', 'open-data-export.ts', 'memory.ts', 'requests.ts', 'requests-send.ts', 'appointments.ts', 'panel.ts'];
const only = process.argv.slice(2);
let failed = 0;
for (const file of benches) {
  if (only.length && !only.some((name) => file.startsWith(name))) continue;
  const path = fileURLToPath(new URL(`./${file}`, import.meta.url));
  if (!existsSync(path)) continue;
  console.log(`\n== bench/${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
