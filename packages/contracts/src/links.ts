/**
 * The one rule for a link someone writes into the portal's content (a service's 'Acessar Serviço Digital', a
 * link inside a description, a department's site): what a citizen may be sent to. An http(s) address with a
 * host and nothing before it (`https://www.detran.pi.gov.br@evil.example/` is evil.example), or a path of the
 * portal that every browser reads as this site (`/\evil.example` and `/\/evil.example` are read as
 * `https://evil.example/`). Rich text may also link `mailto:` and `tel:`.
 */
// Browsers drop tabs and newlines and read backslashes as slashes: none of them belongs in a link anyone writes.
// eslint-disable-next-line no-control-regex
const NEVER_IN_A_LINK = /[\\\s\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export function isSafeLink(href: string, { contact = false } = {}): boolean {
  if (!href || href.length > 2_000 || NEVER_IN_A_LINK.test(href)) return false;
  if (href.startsWith('/')) {
    if (href.startsWith('//')) return false;
    if (!URL.canParse(href, 'http://portal.invalid')) return false;
    const url = new URL(href, 'http://portal.invalid');
    return url.origin === 'http://portal.invalid' && !url.pathname.startsWith('//');
  }
  if (contact && /^(mailto|tel):[^/]/i.test(href)) return true;
  if (!/^https?:\/\/[^/?#]/i.test(href) || !URL.canParse(href)) return false;
  const url = new URL(href);
  // userinfo ('user:pass@host') makes the address say one host and go to another
  return url.username === '' && url.password === '' && !/^[a-z]+:\/\/[^/?#]*@/i.test(href);
}
