import type { ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '@portal/db';

const README = fileURLToPath(new URL('./README.md', import.meta.url));

/**
 * Replaces one benchmark's section of bench/README.md (between `<!-- name:start -->` and
 * `<!-- name:end -->`), appending it when missing, so each benchmark owns its figures.
 */
export async function writeSection(name: string, markdown: string) {
  let text = '';
  try {
    text = await readFile(README, 'utf8');
  } catch {
    text = '# Benchmarks\n';
  }
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  text = from >= 0 && to > from ? text.slice(0, from) + block + text.slice(to + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  await writeFile(README, text);
}

export const machine = async () => {
  const os = await import('node:os');
  return `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
};

/**
 * Logs a demo citizen in as a browser would, over HTTP, from `start` (the portal's 'Acesso Cidadão', or the app's
 * authorisation request): the identity provider's login form and its redirects, until `done` says where it
 * ended. Answers that address and the Cookie header.
 */
export async function browse(start: string, username: string, done: (url: string, cookies: Map<string, string>) => boolean): Promise<{ url: string; cookie: string }> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at).trim(), pair!.slice(at + 1).trim()];
      if (value && !/expires=Thu, 01 Jan 1970/i.test(line)) jar.set(name, value);
      else jar.delete(name);
    }
  };
  let url = start;
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: cookie() } });
    keep(res);
    init = {};
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      if (done(url, jar)) return { url, cookie: cookie() };
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]*\/login)"/.exec(html)?.[1];
    if (action) {
      url = new URL(action.replace(/&amp;/g, '&'), url).toString();
      init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(start).origin }, body: new URLSearchParams({ username, password: DEMO_PASSWORD }).toString() };
      continue;
    }
    if (done(url, jar)) return { url, cookie: cookie() };
    throw new Error(`login of ${username} stopped at ${url} (${res.status})`);
  }
  throw new Error(`login of ${username}: too many redirects`);
}

/** The web session's Cookie header of a demo citizen, logged in at the portal at `origin`. */
export async function webLogin(origin: string, username: string): Promise<string> {
  const start = `${origin}/app/entrar?returnTo=${encodeURIComponent('/app/catalog')}`;
  const done = (url: string, jar: Map<string, string>) => new URL(url).pathname === '/app/catalog' && [...jar.keys()].some((name) => name.includes('portal_sessao'));
  return (await browse(start, username, done)).cookie;
}

/**
 * The tokens the state's app gets for a demo person at the portal at `origin` (issue 14): the public client
 * `portal-web`, PKCE, the login form over HTTP, the code exchanged without a secret.
 */
export async function appLogin(origin: string, username: string): Promise<{ access_token: string; refresh_token: string }> {
  const { createHash, randomBytes } = await import('node:crypto');
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${origin}/auth/realms/pi/protocol/openid-connect/auth`);
  const params = { client_id: 'portal-web', redirect_uri: 'pidigital://.', response_type: 'code', scope: 'openid profile offline_access', code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' };
  for (const [name, value] of Object.entries(params)) authorize.searchParams.set(name, value);
  const { url } = await browse(authorize.href, username, (at) => at.startsWith('pidigital:'));
  const code = new URL(url).searchParams.get('code')!;
  const exchange = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: 'pidigital://.', client_id: 'portal-web', code_verifier: verifier });
  return (await (await fetch(`${origin}/auth/realms/pi/protocol/openid-connect/token`, { method: 'POST', body: exchange })).json()) as { access_token: string; refresh_token: string };
}

/** Waits until `url` answers 200, or the server `child` exits. */
export async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 2400; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} never answered`);
}
