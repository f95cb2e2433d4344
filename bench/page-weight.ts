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

const rows: string[] = [];
for (const [name, path] of PAGES) {
  const page = await app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'identity' } });
  if (page.statusCode !== 200) throw new Error(`${path}: ${page.statusCode}`);
  const html = page.body;
  const scripts = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!));
  const styles = new Set([...html.matchAll(/<link[^>]*rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!));
  const js: Weight = { files: 0, raw: 0, gzip: 0 };
  const css: Weight = { files: 0, raw: 0, gzip: 0 };
  for (const [set, total] of [
    [scripts, js],
    [styles, css],
  ] as const) {
    for (const url of set) {
      const size = await asset(url);
      // PAGE_WEIGHT_FILES=1 lists each file, to see where the weight is.
      if (process.env.PAGE_WEIGHT_FILES) console.log(name, url, size.gzip);
      total.files += 1;
      total.raw += size.raw;
      total.gzip += size.gzip;
    }
  }
  const htmlGzip = gzipSync(Buffer.from(html), { level: 6 }).length;
  rows.push(
    `| ${name} (\`${path}\`) | ${js.files} | ${kb(js.raw)} | **${kb(js.gzip)}** | ${css.files} | ${kb(css.raw)} | **${kb(css.gzip)}** | ${kb(Buffer.byteLength(html))} / ${kb(htmlGzip)} |`,
  );
  console.log(`${name}: JS ${kb(js.gzip)} KiB gzip in ${js.files} files, CSS ${kb(css.gzip)} KiB gzip in ${css.files} files, HTML ${kb(htmlGzip)} KiB gzip`);
}

const homeHtml = (await app.inject({ method: 'GET', url: PAGES[0]![1] })).body;
const rootCss = /<link[^>]*rel="stylesheet" href="([^"]*\/root-[^"]+\.css)"/.exec(homeHtml)?.[1];
const fontUrl = rootCss ? /url\(([^)]*montserrat-latin-wght-normal[^)]*\.woff2)\)/.exec((await app.inject({ method: 'GET', url: rootCss })).body)?.[1] : undefined;
const font = fontUrl ? await asset(fontUrl) : { raw: 0, gzip: 0 };

await writeSection(
  'page-weight',
  `## Page weight (\`npx tsx bench/page-weight.ts\`, bench/page-weight.ts)

What a first visit downloads for each page, from the production build served by the portal itself
(\`apps/web/build\`): every JavaScript chunk the page preloads and every stylesheet it links, in KiB,
raw and gzip (level 9; the server sends brotli or gzip). HTML is the server-rendered page with the demo
data, raw / gzip. Not counted: the Montserrat font (latin subset, ${kb(font.raw)} KiB woff2, loaded once and
cached for a year), images (SVG banners, icons inline). Machine: ${await machine()}. Measured ${new Date().toISOString().slice(0, 10)}.

| page | JS files | JS raw | JS gzip | CSS files | CSS raw | CSS gzip | HTML raw / gzip |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`,
);

await app.close();
await database.close();
