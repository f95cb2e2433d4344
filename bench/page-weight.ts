// Page weight of the portal's main pages: the JavaScript and CSS a first visit downloads (raw and gzip),
// plus the HTML itself. Run with `npx tsx bench/page-weight.ts` (or `npm run bench -- page-weight`);
// it writes its own section of bench/README.md.
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { createDatabase, demoCatalog, seedCatalog } from '@portal/db';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/plugins/config.ts';
// @ts-expect-error: a plain ES module without type declarations
import { ensureBuild } from '../apps/web/scripts/ensure-build.mjs';
import { machine, writeSection } from './lib.ts';

const PAGES: [name: string, path: string][] = [
  ['home', '/app/catalog'],
  ['list', '/app/catalog/list/saude'],
  ['service', '/app/catalog/documentos-e-identificacao/carteira-de-identidade-primeira-via'],
];

(ensureBuild as () => boolean)();
const database = await createDatabase();
await database.migrate();
await seedCatalog(database.db, await demoCatalog(), { demoActivity: true });
// Production as the state runs it (the start-up refusals want its own secret, https address and no demo seed).
const production = { NODE_ENV: 'production', VOTER_SECRET: randomBytes(32).toString('hex'), PUBLIC_URL: 'https://portal.pi.gov.br', SEED_DEMO: 'false' };
const app = await buildApp({ config: loadConfig({ ...production, LOG_LEVEL: 'silent', BASE_PATH: '/app/catalog' }), database, logger: false });
await app.ready();

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

interface Weight {
  files: number;
  raw: number;
  gzip: number;
}

async function asset(url: string): Promise<{ raw: number; gzip: number }> {
  const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
  const raw = response.rawPayload;
  return { raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
}

/** The modules these import, and theirs: what the browser fetches when it runs them (dynamic imports wait). */
async function moduleGraph(entries: string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const body = (await app.inject({ method: 'GET', url })).body;
    for (const m of body.matchAll(/(?:\bimport|\bfrom)\s*"(\.{0,2}\/[^"]+\.js)"/g)) queue.push(new URL(m[1]!, `http://portal${url}`).pathname);
  }
  return seen;
}

async function weigh(name: string, urls: Set<string>): Promise<Weight> {
  const total: Weight = { files: 0, raw: 0, gzip: 0 };
  for (const url of urls) {
    const size = await asset(url);
    // PAGE_WEIGHT_FILES=1 lists each file, to see where the weight is.
    if (process.env.PAGE_WEIGHT_FILES) console.log(name, url, size.gzip);
    total.files += 1;
    total.raw += size.raw;
    total.gzip += size.gzip;
  }
  return total;
}

/** Issue 12: the home's JavaScript for an anonymous visitor, before any interaction, KiB gzip. */
const HOME_BUDGET_KIB = 100;
const over: string[] = [];
const rows: string[] = [];
for (const [name, path] of PAGES) {
  const page = await app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'identity' } });
  if (page.statusCode !== 200) throw new Error(`${path}: ${page.statusCode}`);
  const html = page.body;
  // Before any interaction: what the page preloads or runs (decision 025: nothing, for an anonymous visitor).
  const preloaded = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!));
  const before = await weigh(`${name} (before)`, preloaded);
  // On the first interaction: the app's module script the server deferred, and all it imports.
  const deferred = /<script[^>]*type="x-hydrate-on-interaction"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const entries = [...deferred.matchAll(/(?:\bimport|\bfrom)\s*\(?\s*"([^"]+\.js)"/g)].map((m) => m[1]!);
  const onInteraction = await weigh(`${name} (interaction)`, await moduleGraph(entries));
  // The stylesheets the page links; the font faces in <noscript> are taken after the page has loaded (lib/montserrat.ts).
  const linked = html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
  const styles = new Set([...linked.matchAll(/<link[^>]*rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!));
  const css = await weigh(`${name} (css)`, styles);
  const inline = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/x-hydrate-on-interaction|application\/ld\+json/.test(m[0]) && !m[1]!.includes('__reactRouterContext'))
    .reduce((sum, m) => sum + Buffer.byteLength(m[1]!), 0);
  if (name === 'home' && before.gzip / 1024 > HOME_BUDGET_KIB) over.push(`home: ${kb(before.gzip)} KiB of JavaScript before any interaction (budget ${HOME_BUDGET_KIB})`);
  const htmlGzip = gzipSync(Buffer.from(html), { level: 6 }).length;
  rows.push(
    `| ${name} (\`${path}\`) | **${kb(before.gzip)}** (${before.files} files), ${kb(inline)} inline | ${onInteraction.files} | ${kb(onInteraction.raw)} | **${kb(onInteraction.gzip)}** | ${css.files} | ${kb(css.raw)} | **${kb(css.gzip)}** | ${kb(Buffer.byteLength(html))} / ${kb(htmlGzip)} |`,
  );
  console.log(
    `${name}: JS before interaction ${kb(before.gzip)} KiB gzip (${kb(inline)} KiB inline), on the first interaction ${kb(onInteraction.gzip)} KiB gzip in ${onInteraction.files} files, CSS ${kb(css.gzip)} KiB gzip, HTML ${kb(htmlGzip)} KiB gzip`,
  );
}

const homeHtml = (await app.inject({ method: 'GET', url: PAGES[0]![1] })).body;
const fontUrl = /"([^"]*montserrat-latin-wght-normal[^"]*\.woff2)"/.exec(homeHtml)?.[1];
const font = fontUrl ? await asset(fontUrl) : { raw: 0, gzip: 0 };

await writeSection(
  'page-weight',
  `## Page weight (\`npx tsx bench/page-weight.ts\`, bench/page-weight.ts)

What a first, anonymous visit downloads for each page, from the production build served by the portal itself
(\`apps/web/build\`), in KiB, raw and gzip (level 9; the server sends brotli or gzip). An anonymous page loads the
app's JavaScript on the first interaction (decision 025): *before any interaction* is what the page preloads or
runs as it arrives (budget, issue 12: home ≤ 100 KiB gzip), with the inline scripts' size (accessibility settings,
the hydration trigger; not the data the app hydrates from, nor JSON-LD); *on the first interaction* is the module
script the server deferred and every module it imports. Every stylesheet the page links. HTML is the
server-rendered page with the demo data, raw / gzip. Not counted: the Montserrat font (latin subset, ${kb(font.raw)} KiB woff2, taken after the page has
loaded on a first visit and cached for a year), images (SVG banners, icons inline). Machine: ${await machine()}. Measured ${new Date().toISOString().slice(0, 10)}.

| page | JS before any interaction, gzip | JS files on the first interaction | raw | gzip | CSS files | CSS raw | CSS gzip | HTML raw / gzip |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`,
);

await app.close();
await database.close();
if (over.length) {
  console.error(`over budget:\n${over.join('\n')}`);
  process.exitCode = 1;
}
