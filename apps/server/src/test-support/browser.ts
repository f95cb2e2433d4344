import type { App } from '../app.ts';

interface StoredCookie {
  value: string;
  path: string;
}

/**
 * A browser without a browser: follows the portal's redirects through app.inject and keeps cookies
 * (by name and path, honouring deletions), so the whole login can be driven from a test.
 */
export class TestBrowser {
  readonly cookies = new Map<string, StoredCookie>();
  constructor(
    private readonly app: App,
    private readonly origin = 'http://localhost:3000',
  ) {}

  private cookieHeader(path: string): string | undefined {
    const sent = [...this.cookies.entries()]
      .filter(([, c]) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) || c.path === '/')
      .map(([key, c]) => `${key.split('\u0000')[0]}=${c.value}`);
    return sent.length ? sent.join('; ') : undefined;
  }

  private store(setCookie: string | string[] | undefined) {
    for (const line of [setCookie ?? []].flat()) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      const attr = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.split('=')[1];
      const path = attr('path') ?? '/';
      const expires = attr('expires');
      const maxAge = attr('max-age');
      const key = `${name}\u0000${path}`;
      if (value === '' || maxAge === '0' || (expires && Date.parse(expires) < Date.now())) this.cookies.delete(key);
      else this.cookies.set(key, { value, path });
    }
  }

  cookie(name: string): string | undefined {
    return [...this.cookies.entries()].find(([key]) => key.split('\u0000')[0] === name)?.[1].value;
  }

  /** a path or an absolute URL of the portal */
  toPath(location: string): string {
    if (location.startsWith(this.origin)) return location.slice(this.origin.length) || '/';
    if (/^https?:/.test(location)) throw new Error(`left the portal: ${location}`);
    return location;
  }

  async request(method: 'GET' | 'POST', location: string, form?: Record<string, string>, headers: Record<string, string> = {}) {
    const url = this.toPath(location);
    const cookie = this.cookieHeader(url.split('?')[0]!);
    const res = await this.app.inject({
      method,
      url,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    this.store(res.headers['set-cookie'] as string | string[] | undefined);
    return res;
  }

  get(location: string) {
    return this.request('GET', location);
  }

  post(location: string, form?: Record<string, string>, headers?: Record<string, string>) {
    return this.request('POST', location, form, headers);
  }
}

/** The value of a hidden input and the action of a form in server-rendered HTML. */
export function formFields(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(m[0])?.[1];
    const value = /value="([^"]*)"/.exec(m[0])?.[1] ?? '';
    if (name) fields[name] = value;
  }
  return { action, fields };
}

/** The portal's web login, as a browser does it: 'Acesso Cidadão', the provider's form, back through the callback (its answer). */
export async function webLogin(browser: TestBrowser, username: string, password = 'portal-demo', returnTo = '/app/catalog/list') {
  const start = await browser.get(`/app/entrar?returnTo=${encodeURIComponent(returnTo)}`);
  const toInteraction = await browser.get(start.headers.location as string);
  const page = await browser.get(toInteraction.headers.location as string);
  let res = await browser.post(formFields(page.body).action, { username, password });
  for (let hops = 0; hops < 6 && res.statusCode < 400 && !String(res.headers.location).includes('/app/auth/callback'); hops++) res = await browser.get(res.headers.location as string);
  return res.statusCode >= 400 ? res : browser.get(res.headers.location as string);
}
