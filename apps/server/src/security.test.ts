import { inflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './plugins/config.ts';
import { createTestApp, type TestApp } from './test-support/app.ts';
// @ts-expect-error: a plain ES module without type declarations
import { ensureBuild } from '../../web/scripts/ensure-build.mjs';

// Launch security (issue 9): what an attacker or a careless proxy meets, tried from outside with inject.

const SERVICE = '/app/catalog/transito-e-veiculos/renovacao-da-cnh';
let t: TestApp;
let maria: string;
beforeAll(async () => {
  (ensureBuild as () => boolean)();
  t = await createTestApp();
  maria = await t.webSession('maria.silva');
});
afterAll(() => t.close());

/** The text a PDF shows, as pdfkit writes it with the standard fonts: hex strings inside compressed streams. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const hex of content.matchAll(/<([0-9a-fA-F]+)>/g)) text += Buffer.from(hex[1]!, 'hex').toString('latin1');
  }
  return text;
}

const form = (fields: Record<string, string>) => ({ 'content-type': 'application/x-www-form-urlencoded', payload: new URLSearchParams(fields).toString() });

async function unreadOf(username: string) {
  const res = (await t.app.db.execute(
    sql`select count(*)::int as n from notifications n join users u on u.sub = n.user_sub where u.username = ${username} and n.archived_at is null`,
  )) as unknown as { rows: { n: number }[] };
  return res.rows[0]!.n;
}

describe('cross-site requests (CSRF): one defence for every state-changing page', () => {
  // A page on another *.pi.gov.br host is same-site: SameSite=Lax sends the cookie, so the portal must refuse.
  const crossSite = [
    { name: 'a same-site page (Sec-Fetch-Site)', headers: { 'sec-fetch-site': 'same-site' } },
    { name: 'another site (Sec-Fetch-Site)', headers: { 'sec-fetch-site': 'cross-site' } },
    { name: 'another host of pi.gov.br (Origin, older browser)', headers: { origin: 'https://servicos.pi.gov.br' } },
    { name: 'an opaque origin', headers: { origin: 'null' } },
  ];

  for (const attempt of crossSite) {
    it(`refuses archiving Maria's notifications from ${attempt.name}, and changes nothing`, async () => {
      const before = await unreadOf('maria.silva');
      expect(before).toBeGreaterThan(0);
      const { payload, 'content-type': type } = form({ intent: 'archive' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/app/minha-area/notificacoes',
        headers: { cookie: maria, 'content-type': type, ...attempt.headers },
        payload,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/veio de outro site/);
      expect(await unreadOf('maria.silva')).toBe(before);
    });
  }

  it('refuses cross-site favourites, ratings, suggestions, logout and login posts', async () => {
    const headers = { cookie: maria, 'sec-fetch-site': 'same-site', 'content-type': 'application/x-www-form-urlencoded' };
    for (const [url, fields] of [
      ['/app/minha-area/favoritos', { slug: 'renovacao-da-cnh', returnTo: SERVICE }],
      [SERVICE, { intent: 'rate', value: '1' }],
      ['/app/app-simplifique', { assunto: 'Outro', servico: 'x', mensagem: 'y'.repeat(30) }],
      ['/app/sair', {}],
      ['/auth/interaction/abc/login', { username: 'maria.silva', password: 'x' }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload: new URLSearchParams(fields).toString() });
      expect(res.statusCode, url).toBe(403);
    }
    // Logout was refused: Maria is still logged in.
    const page = await t.app.inject({ url: '/app/catalog', headers: { cookie: maria } });
    expect(page.body).toContain('data-testid="account-name"');
  });

  it('accepts the same posts from the portal itself', async () => {
    const { payload, 'content-type': type } = form({ intent: 'read-all', js: '1' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/app/minha-area/notificacoes',
      headers: { cookie: maria, 'content-type': type, 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' },
      payload,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('open redirects: one guard for every return address', () => {
  it("keeps the favourite star's no-JavaScript return on the portal, whatever the form says", async () => {
    for (const returnTo of ['/app/..//evil.example/x', '//evil.example', '/\\evil.example', '/%2F%2Fevil.example', 'https://evil.example/']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/app/minha-area/favoritos',
        headers: { cookie: maria, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        payload: new URLSearchParams({ slug: 'renovacao-da-cnh', returnTo }).toString(),
      });
      expect(res.statusCode, returnTo).toBe(303);
      expect(String(res.headers.location), returnTo).toMatch(/^\/app\/catalog\?favorito=/);
    }
    // A page of the portal is kept.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/app/minha-area/favoritos',
      headers: { cookie: maria, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams({ slug: 'renovacao-da-cnh', returnTo: SERVICE, remove: '1' }).toString(),
    });
    expect(String(ok.headers.location)).toMatch(new RegExp(`^${SERVICE}\\?favorito=`));
  });
});

describe('one cache rule: what is answered to a session is private', () => {
  it('sends private, no-store on every page and API answer of a logged-in citizen, with Vary: Cookie on pages', async () => {
    for (const url of ['/app/politicas-de-privacidade-termo-de-uso', '/app/catalog', SERVICE, '/app/app-minha-cnh', '/app/catalog/list']) {
      const res = await t.app.inject({ url, headers: { cookie: maria } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect(String(res.headers.vary), url).toMatch(/cookie/i);
    }
    const me = await t.app.inject({ url: '/v1/me', headers: { authorization: `Bearer ${await t.tokenFor('maria.silva')}` } });
    expect(me.headers['cache-control']).toBe('private, no-store');
    const search = await t.app.inject({ method: 'POST', url: '/v1/search', headers: { authorization: `Bearer ${await t.tokenFor('maria.silva')}` }, payload: { keyword: 'cnh' } });
    expect(search.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps hashed build files cacheable by everyone, session or not', async () => {
    const home = await t.app.inject({ url: '/app/catalog' });
    const asset = /\/app\/catalog\/assets\/[\w.-]+\.js/.exec(home.body)?.[0];
    expect(asset).toBeTruthy();
    const res = await t.app.inject({ url: asset!, headers: { cookie: maria } });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('headers: one policy, from helmet, on pages, API, /docs and the identity pages', () => {
  it('sends a nonce-based CSP, DENY framing, COOP and CORP on pages, and the nonce reaches the scripts', async () => {
    // A citizen's page is rendered for them alone: a fresh nonce each time. (Anonymous pages are shared
    // copies, so their inline scripts are allowed by hash instead: plugins/response-cache.test.ts.)
    const cookie = await t.webSession('maria.silva');
    const res = await t.app.inject({ url: SERVICE, headers: { cookie } });
    const csp = String(res.headers['content-security-policy']);
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.body).toContain(`nonce="${nonce}"`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Another request, another nonce.
    const again = await t.app.inject({ url: SERVICE, headers: { cookie } });
    expect(String(again.headers['content-security-policy'])).not.toContain(nonce!);
  });

  it('loads nothing from outside unless the operator turns VLibras on, and then only what its player needs, from its origin', async () => {
    const anonymous = await t.app.inject({ url: SERVICE });
    expect(/vlibras-plugin|vw-access-button|VLibras\.Widget/.test(anonymous.body), 'the page loads VLibras').toBe(false);
    // (form-action names the hosts services' forms post to; nothing else names another site.)
    const policy = String(anonymous.headers['content-security-policy']).replace(/form-action [^;]+/, '');
    expect(policy).not.toMatch(/unsafe-eval|blob:|https?:\/\//);
    const withWidget = await createTestApp({ env: { VLIBRAS_URL: 'https://vlibras.gov.br/app/' } });
    try {
      for (const cookie of [undefined, await withWidget.webSession('maria.silva')]) {
        const res = await withWidget.app.inject({ url: SERVICE, headers: cookie ? { cookie } : {} });
        expect(res.body).toContain('<script src="https://vlibras.gov.br/app/vlibras-plugin.js" defer=""');
        expect(res.body).toContain('new window.VLibras.Widget("https://vlibras.gov.br/app")');
        expect(res.body).toContain('vw-access-button');
        const csp = String(res.headers['content-security-policy']);
        expect(/script-src ([^;]+)/.exec(csp)![1]).toMatch(/^'self' ('\S+' )+https:\/\/vlibras\.gov\.br 'unsafe-eval' 'wasm-unsafe-eval' blob:$/);
        expect(/connect-src ([^;]+)/.exec(csp)![1]).toBe("'self' https://vlibras.gov.br blob:");
        expect(csp).toContain("object-src 'none'");
      }
    } finally {
      await withWidget.close();
    }
  });

  it("lets a service's page post to its own digital channel, and no other page to any (issue 23)", async () => {
    const formAction = (res: { headers: Record<string, unknown> }) => /form-action ([^;]+)/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
    const found = (await t.app.db.execute(
      sql`select s.slug, c.slug as category, s.link from services s join categories c on c.id = s.category_id
          where s.active and s.link like 'https://%' and exists (select 1 from catalog_data_rows r where r.service_id = s.id) order by s.id`,
    )) as unknown as { rows: { slug: string; category: string; link: string }[] };
    expect(found.rows.length).toBeGreaterThan(0);
    const origins = new Set(found.rows.map((row) => new URL(row.link).origin));
    const cookie = await t.webSession('maria.silva');
    for (const row of found.rows) {
      const url = `/app/catalog/${row.category}/${row.slug}`;
      // anonymous (rendered, then the shared copy) and logged in
      for (const headers of [{}, {}, { cookie }]) {
        const res = await t.app.inject({ url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(formAction(res), url).toBe(`'self' ${new URL(row.link).origin}`);
      }
    }
    // Every other page: the home, a service without a data form, the personal area, the back office.
    const plain = ((await t.app.db.execute(
      sql`select s.slug, c.slug as category from services s join categories c on c.id = s.category_id
          where s.active and not exists (select 1 from catalog_data_rows r where r.service_id = s.id) order by s.id limit 1`,
    )) as unknown as { rows: { slug: string; category: string }[] }).rows[0]!;
    const staff = await t.webSession('davi.central');
    const others = [['/app/catalog', {}], [`/app/catalog/${plain.category}/${plain.slug}`, {}], ['/app/dashboard', { cookie }], ['/app/catalog', { cookie }], ['/app/gestao', { cookie: staff }]] as const;
    for (const [url, headers] of others) {
      const res = await t.app.inject({ url, headers });
      expect(formAction(res), url).toBe("'self'");
      for (const origin of origins) expect(String(res.headers['content-security-policy'])).not.toContain(origin);
    }
  });

  it('answers API calls with a policy that lets nothing load or frame them', async () => {
    const res = await t.app.inject({ url: '/v1/category' });
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('gives /docs and the identity provider the same headers as pages', async () => {
    for (const url of ['/docs', '/docs/', '/auth/.well-known/openid-configuration', '/app/entrar']) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
  });

  it("prints the service sheet's address from PUBLIC_URL, whatever Host the request says", async () => {
    const res = await t.app.inject({ url: '/v1/catalog/renovacao-da-cnh/pdf', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain(`Versão online: http://localhost:3000${SERVICE}`);
    expect(text).not.toContain('evil.example');
  });

  it('writes canonical links from PUBLIC_URL, whatever Host the request says', async () => {
    const res = await t.app.inject({ url: SERVICE, headers: { host: 'evil.example' } });
    expect(res.body).toContain(`<link rel="canonical" href="http://localhost:3000${SERVICE}"/>`);
    expect(res.body).not.toContain('evil.example');
  });
});

describe('TRUST_PROXY: X-Forwarded-For is believed only from the proxies the operator names', () => {
  async function votesAccepted(app: TestApp['app'], remoteAddress: string, forwarded: (i: number) => string, n = 8) {
    let accepted = 0;
    for (let i = 0; i < n; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/catalog/1/ratings',
        remoteAddress,
        headers: { 'x-forwarded-for': forwarded(i) },
        payload: { value: 5 },
      });
      if (res.statusCode === 200) accepted++;
    }
    return accepted;
  }

  it('ignores a forged X-Forwarded-For by default, even in production', async () => {
    expect(await votesAccepted(t.app, '203.0.113.7', (i) => `198.51.100.${i}`)).toBe(5);
    const production = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.pi.gov.br',
      VOTER_SECRET: 'x'.repeat(40),
      SEED_DEMO: 'false',
    });
    expect(production.TRUST_PROXY).toBe(false);
  });

  it('believes the named proxy only', async () => {
    const behindProxy = await createTestApp({ env: { TRUST_PROXY: '10.0.0.1' } });
    try {
      // Through the proxy: each citizen is themselves.
      expect(await votesAccepted(behindProxy.app, '10.0.0.1', (i) => `198.51.100.${i}`, 6)).toBe(6);
      // Straight to the server, claiming to be forwarded: not believed.
      expect(await votesAccepted(behindProxy.app, '203.0.113.9', (i) => `192.0.2.${i}`, 8)).toBe(5);
    } finally {
      await behindProxy.close();
    }
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
  });

  it("refuses 'true' and hop counts, which would believe a client that bypasses the proxy", () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY/);
  });

  it('sends HSTS when the public address is https, though the request reached us over http', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://portal.pi.gov.br' } });
    try {
      const res = await https.app.inject({ url: '/v1/category' });
      expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    } finally {
      await https.close();
    }
    expect((await t.app.inject({ url: '/v1/category' })).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('production refuses to start with demo secrets', () => {
  const good = { NODE_ENV: 'production', PUBLIC_URL: 'https://portal.pi.gov.br', VOTER_SECRET: 'k'.repeat(40), SEED_DEMO: 'false' };
  it('starts with real settings', () => {
    expect(() => loadConfig(good)).not.toThrow();
  });
  for (const [name, change, message] of [
    ['the demo voter secret', { VOTER_SECRET: undefined }, /VOTER_SECRET/],
    ['a short voter secret', { VOTER_SECRET: 'curto' }, /VOTER_SECRET/],
    ['the demo accounts', { SEED_DEMO: 'true' }, /SEED_DEMO/],
    ['a plain-http address', { PUBLIC_URL: 'http://portal.pi.gov.br' }, /PUBLIC_URL/],
    ['a demo client secret', { OIDC_ISSUER: 'https://login.pi.gov.br/auth/realms/pi', OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: 'demo-secret' }, /OIDC_CLIENT_SECRET/],
  ] as const) {
    it(`refuses ${name}`, () => {
      expect(() => loadConfig({ ...good, ...change })).toThrow(message);
    });
  }
});
