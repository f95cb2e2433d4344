/** Paths a login or a form may never send the browser back to: the API, the provider, the login itself. */
const NEVER_BACK_TO = ['/v1/', '/api/', '/auth/', '/app/auth/'];
const NEVER_BACK_TO_PAGES = ['/auth', '/app/entrar', '/app/sair'];

/**
 * The one guard for every `returnTo` / `next` / redirect parameter of the portal (server and web): a path
 * of this site, or `fallback`. Decoding first exposes encoded slashes, backslashes and schemes
 * ('%2F%2Fevil', '%5Cevil'); resolving dot segments exposes '/app/..//evil' (which browsers read as
 * '//evil', another site). Anything tricky falls back rather than being repaired.
 */
export function safeReturnPath(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  let decoded = value;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (next === decoded) break;
    decoded = next;
  }
  // Control characters are exactly what this must catch (browsers drop tabs and newlines, turning '/\t/x' into '//x').
  // eslint-disable-next-line no-control-regex
  if (!decoded.startsWith('/') || decoded.startsWith('//') || /[\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(decoded)) return fallback;
  let url: URL;
  try {
    url = new URL(value, 'http://portal.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'http://portal.invalid' || url.pathname.startsWith('//')) return fallback;
  // The same once decoded: '/a/..%2F..%2F%2Fevil' is '//evil' to anything that decodes before resolving.
  if (new URL(decoded, 'http://portal.invalid').pathname.startsWith('//')) return fallback;
  const path = url.pathname;
  if (NEVER_BACK_TO.some((prefix) => path.startsWith(prefix)) || NEVER_BACK_TO_PAGES.includes(path)) return fallback;
  return `${path}${url.search}${url.hash}`;
}
