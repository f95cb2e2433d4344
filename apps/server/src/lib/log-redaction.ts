import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * What the logs may keep of a request (issue 23; the privacy page says it to citizens): by rule, never by a
 * list of routes, because the next route with a secret in its address would not be on the list.
 * - Query strings keep their names and lose every value: codes, states, signatures, `id_token_hint`, what was
 *   searched (`?code=…&state=…`).
 * - An API route's parameters are logged as the route declares them (`/api/recommendations/recommend_services/:username`).
 * - Any other path (pages, unknown addresses) keeps its segments but those that look like a secret or a person:
 *   an e-mail, a CPF or CNPJ, a UUID, a push token, a JWT, or a long random string (`:redigido`).
 * - A client address keeps its network, not the host: IPv4 /24, IPv6 /48 (`203.0.113.0`, `2001:db8:1::`).
 */
export const REDACTED = ':redigido';

const PERSONAL_SEGMENT = [
  /@/, // an e-mail
  /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/, // CPF
  /^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/, // CNPJ
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, // a UUID (an account's sub)
  /^Expo(nent)?PushToken\[/i,
  /^[\w-]+\.[\w-]+\.[\w-]+$/, // a JWT
  /^[0-9a-f]{24,}$/i, // hex secrets
  // base64url secrets (interaction ids, codes, signatures): long, in both cases and with a digit; slugs are lowercase
  /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[\w~+/=.-]{16,}$/,
];

function redactSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // not valid percent-encoding: judged as it is
  }
  return PERSONAL_SEGMENT.some((pattern) => pattern.test(decoded)) ? REDACTED : segment;
}

/** A URL (a path with its query, or an absolute URL) as the logs keep it; `route` is the matched route's pattern. */
export function redactedUrl(url: string, route?: string): string {
  let origin = '';
  let rest = url;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
  if (absolute) {
    origin = absolute[0];
    rest = url.slice(origin.length);
  }
  const at = rest.search(/[?#]/);
  const path = at === -1 ? rest : rest.slice(0, at);
  const query = at === -1 || rest[at] === '#' ? '' : rest.slice(at + 1).split('#')[0]!;
  const keptPath = route && route.includes(':') && !route.includes('*') ? route : path.split('/').map(redactSegment).join('/');
  const names = query
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]!.slice(0, 40)}=…`);
  return `${origin}${keptPath}${names.length ? `?${names.join('&')}` : ''}`;
}

/** The network of a client address, without the host: IPv4 /24, IPv6 /48. */
export function truncatedAddress(ip: string | undefined): string | undefined {
  if (!ip) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const v4 = mapped ?? ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0`;
  if (isIPv6(ip)) {
    const [head = ''] = ip.split('::');
    const groups = head.split(':').filter(Boolean).slice(0, 3);
    return `${groups.join(':')}::`;
  }
  return REDACTED;
}

/**
 * pino serializers for the server's logger: the request line of every request (Fastify's `req`), and any
 * `url` a log line carries (a page's failure, for instance).
 */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactedUrl(request.url, request.routeOptions?.url),
    host: request.host,
    remoteAddress: truncatedAddress(request.ip),
  }),
  url: (url: unknown) => redactedUrl(String(url)),
};
