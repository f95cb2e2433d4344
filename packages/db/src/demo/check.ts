// Checks the demo catalog's invariants; run with `npx tsx packages/db/src/demo/check.ts`.
// The same checks run in the test suite (demo.test.ts).
import { demoCatalog } from './index.ts';
import { checkCatalog } from './validate.ts';

const data = await demoCatalog();
const problems = checkCatalog(data);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`ok: ${data.categories.length} categories, ${data.departments.length} departments, ${data.services.length} services, ${data.synonyms.length} synonyms`);
