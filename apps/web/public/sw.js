// The portal's service worker (issue 12, docs/decisions/021-saved-copies-offline.md). Service pages and their
// PDFs a citizen opened stay readable without a connection, as saved copies that say so and give their date.
// Nothing personal is ever stored: only answers the server marks `public` (the same for everyone), and a
// logged-in citizen's page is saved as the anonymous copy, fetched without cookies. No JavaScript is kept: a
// saved copy is a document to read, and offline it is shown without scripts.

const PAGES = 'paginas-salvas-v1';
/** Stylesheets, fonts and images of the saved pages: hashed names, so a copy never goes stale. */
const FILES = 'arquivos-das-paginas-v1';
const MAX_SAVED = 40;
const REFETCH_AFTER_MS = 10 * 60_000;
/** The header a saved copy keeps its date in. */
const SAVED_AT = 'x-salvo-em';
/** The catalog's base (BASE_PATH): this file is served from it. */
const BASE = new URL('.', self.location.href).pathname;
const NOT_SERVICES = new Set(['list', 'search', 'orgao', 'dados', 'buscar', 'assets']);

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  // Caches of older versions of this worker go.
  const ours = new Set([PAGES, FILES]);
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => !ours.has(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** A service page: {BASE}{category}/{service}, as in routes.ts. */
function isServicePage(pathname) {
  if (!pathname.startsWith(BASE)) return false;
  const parts = pathname.slice(BASE.length).split('/');
  return parts.length === 2 && parts.every(Boolean) && !NOT_SERVICES.has(parts[0]);
}
/** The portal's pages (catalog and personal); the login's addresses and the citizen's actions and downloads go straight to the network. */
const isPortalPage = (pathname) => pathname.startsWith('/app') && !/^\/app\/(entrar|sair|auth|minha-area)(\/|$)/.test(pathname);
const isServicePdf = (pathname) => /^\/v1\/catalog\/[^/]+\/pdf$/.test(pathname);
const isPublic = (response) => response.ok && /\bpublic\b/.test(response.headers.get('cache-control') ?? '');

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isServicePdf(url.pathname)) return event.respondWith(networkFirst(event, url, request));
  if (request.mode === 'navigate' && isPortalPage(url.pathname)) return event.respondWith(networkFirst(event, url, request));
  if (url.pathname.startsWith(`${BASE}assets/`) && !url.pathname.endsWith('.js')) return event.respondWith(pageFile(request));
  // A service page opened inside the app (React Router asks for its data, which goes to the network untouched):
  // the page itself is saved alongside.
  const page = url.pathname.replace(/\.data$/, '');
  if (page !== url.pathname && isServicePage(page)) event.waitUntil(save(new URL(page, url)));
});

// The page this worker was installed from came before it: the page asks for it to be saved too.
self.addEventListener('message', (event) => {
  const href = event.data && event.data.save;
  if (typeof href !== 'string' || !URL.canParse(href)) return;
  const url = new URL(href);
  if (url.origin === self.location.origin && isServicePage(url.pathname)) event.waitUntil(save(url));
});

/** The network's answer; without a connection, the saved copy, or a page that lists what is saved. */
async function networkFirst(event, url, request) {
  try {
    // Asked of the server (a 304 when unchanged): offline, Chromium would otherwise answer from its HTTP cache,
    // a stale page that does not say it is one. A request remade with options is referred by this worker unless
    // told otherwise: the page the citizen came from stays its referrer (a service opened from search results
    // counts for that search, issue 15).
    const response = await fetch(request, { cache: 'no-cache', referrer: request.referrer, referrerPolicy: request.referrerPolicy });
    if (response.ok && (isServicePage(url.pathname) || isServicePdf(url.pathname))) event.waitUntil(save(url, response.clone()));
    return response;
  } catch (error) {
    const saved = await caches.open(PAGES).then((cache) => cache.match(url.origin + url.pathname));
    if (saved) return isServicePdf(url.pathname) ? saved : savedCopy(saved);
    if (request.mode === 'navigate') return offlinePage();
    throw error;
  }
}

/**
 * Keeps the page (or PDF) at `url`: this answer when it is public, otherwise (a logged-in citizen's page) the
 * anonymous one, fetched without cookies. Then the files the page needs to look right, and the newest MAX_SAVED.
 */
async function save(url, response) {
  try {
    const key = url.origin + url.pathname;
    const cache = await caches.open(PAGES);
    // Fetched only for this (a page opened inside the app, or from a logged-in session): not again within minutes.
    const kept = response ? undefined : await cache.match(key);
    if (kept && Date.now() - Date.parse(kept.headers.get(SAVED_AT) ?? '') < REFETCH_AFTER_MS) return;
    const answer = response && isPublic(response) ? response : await fetch(key, { credentials: 'omit', redirect: 'error' });
    if (!isPublic(answer)) return;
    const headers = new Headers(answer.headers);
    headers.set(SAVED_AT, new Date().toISOString());
    const body = await answer.arrayBuffer();
    await cache.put(key, new Response(body, { status: 200, headers }));
    if ((headers.get('content-type') ?? '').startsWith('text/html')) await saveFiles(new TextDecoder().decode(body), url);
    const keys = await cache.keys();
    if (keys.length > MAX_SAVED) {
      const dated = await Promise.all(keys.map(async (request) => ({ request, at: (await cache.match(request))?.headers.get(SAVED_AT) ?? '' })));
      dated.sort((a, b) => a.at.localeCompare(b.at));
      await Promise.all(dated.slice(0, keys.length - MAX_SAVED).map(({ request }) => cache.delete(request)));
    }
  } catch {
    // Saving is a courtesy: a failure here never touches the page the citizen is reading.
  }
}

/** The stylesheets a saved page links to, and the fonts and images they use. */
async function saveFiles(html, url) {
  const cache = await caches.open(FILES);
  const sheets = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((m) => /\bhref="([^"]+)"/.exec(m[0])?.[1]).filter(Boolean);
  for (const href of sheets) {
    const sheet = new URL(href, url);
    if (sheet.origin !== url.origin || (await cache.match(sheet.href))) continue;
    const response = await fetch(sheet.href);
    if (!response.ok) continue;
    const css = await response.clone().text();
    await cache.put(sheet.href, response);
    const used = [...css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)].map((m) => new URL(m[1], sheet)).filter((u) => u.origin === url.origin);
    await Promise.all(used.map(async (file) => (await cache.match(file.href)) ?? cache.add(file.href).catch(() => undefined)));
  }
}

/** A file of the saved pages (stylesheet, font, image): from the cache when kept there, else the network. */
async function pageFile(request) {
  return (await caches.open(FILES).then((cache) => cache.match(request))) ?? fetch(request);
}

const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const savedOn = (iso) => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

/**
 * The saved page as a document to read: its scripts go (those marked data-offline stay: the accessibility settings',
 * so contrast and text size still apply, and the typeface's), and a notice at the top of the content says it is a
 * saved copy, and from when.
 */
async function savedCopy(saved) {
  const at = saved.headers.get(SAVED_AT);
  const notice =
    `<div class="saved-copy" role="status"><strong>Cópia salva neste aparelho em ${escapeHtml(savedOn(at))}.</strong> ` +
    'Você está sem conexão: as informações podem ter mudado desde então. Confira de novo quando a conexão voltar.</div>';
  const html = (await saved.text())
    .replace(/<script\b(?![^>]*\bdata-offline\b)[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, '')
    .replace(/<main\b[^>]*>/, (main) => main + notice);
  const headers = new Headers(saved.headers);
  headers.delete(SAVED_AT);
  headers.delete('etag');
  headers.delete('content-length');
  headers.delete('content-encoding');
  headers.set('cache-control', 'no-store');
  return new Response(html, { status: 200, headers });
}

/** Without a connection and without a saved copy: what is saved on this phone, so the citizen is not stuck. */
async function offlinePage() {
  const cache = await caches.open(PAGES);
  const items = [];
  for (const request of await cache.keys()) {
    const saved = await cache.match(request);
    if (!saved) continue;
    const path = new URL(request.url).pathname;
    const pdf = isServicePdf(path);
    const title = pdf ? `Carta de serviço em PDF: ${path.split('/')[3]}` : (/<title>([^<]*)<\/title>/.exec(await saved.text())?.[1] ?? path);
    items.push({ path, title, at: saved.headers.get(SAVED_AT) ?? '' });
  }
  items.sort((a, b) => b.at.localeCompare(a.at));
  const list = items.length
    ? `<p>Estas páginas foram salvas neste aparelho e podem ser lidas sem conexão:</p><ul>${items
        .map((i) => `<li><a href="${escapeHtml(i.path)}">${i.title}</a> <small>(cópia de ${escapeHtml(savedOn(i.at))})</small></li>`)
        .join('')}</ul>`
    : '<p>Nenhuma página de serviço foi salva neste aparelho ainda. As páginas de serviço que você abrir ficam guardadas para leitura sem conexão.</p>';
  const html =
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Sem conexão - Portal de Serviços do Piauí</title><style>body{font:1.125rem/1.5 system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:1rem;color:#1b1b1b}' +
    'a{color:#034ea2}li{margin:.5rem 0}small{color:#555}</style></head><body><main><h1>Você está sem conexão</h1>' +
    `${list}<p>Quando a conexão voltar, <a href="${escapeHtml(BASE)}">volte ao Portal de Serviços</a>.</p></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" },
  });
}
