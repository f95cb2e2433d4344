import type { FastifyRequest } from 'fastify';

/** The web session cookie. `__Host-`: Secure, Path=/, no Domain, so no other host of pi.gov.br can set or read it. */
export const SESSION_COOKIE = '__Host-portal_sessao';
/** The state's app's access token, in base64, as its WebView script sets it for the pages it opens (issue 14). */
export const APP_TOKEN_COOKIE = 'kcToken';

/**
 * Every credential the portal accepts, by the carrier it arrives in, and the only code that reads one from a
 * request. A new way of logging in is a new carrier here, and nothing else has to know it: the cache rule and
 * the public cache ask this module (issue 23: a WebView page opened with `kcToken` went into the public cache
 * because the cache rule knew two carriers by name, and the WebView session a third).
 */
const carriers = {
  // (cookies are parsed by an early hook: a request refused before it has none)
  session: (request: FastifyRequest) => request.cookies?.[SESSION_COOKIE],
  authorization: (request: FastifyRequest) => request.headers.authorization,
  appToken: (request: FastifyRequest) => request.cookies?.[APP_TOKEN_COOKIE],
} satisfies Record<string, (request: FastifyRequest) => string | undefined>;

export type Carrier = keyof typeof carriers;
const allCarriers = Object.values(carriers);

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The answer is about someone: a credential was read, or something of the caller's own was (a signed link's
     * owner). Set through `credential` and `markPersonal` only; read through `isPersonal`.
     */
    personal: boolean;
  }
}

/** The credential this request carries in `carrier`, if any; reading it makes the answer personal. */
export function credential(request: FastifyRequest, carrier: Carrier): string | undefined {
  const value = carriers[carrier](request);
  if (value !== undefined) request.personal = true;
  return value;
}

/** Whether the request carries any credential at all (checked before anything reads one: the public cache's lookup). */
export const carriesCredentials = (request: FastifyRequest) => allCarriers.some((read) => read(request) !== undefined);

/** The answer is about the person a credential other than the carriers stands for (a signed link in the query). */
export function markPersonal(request: FastifyRequest) {
  request.personal = true;
}

/**
 * Whether this request's answer is personal: it came with a credential, or what produced it read one. A personal
 * answer is `private, no-store` and never kept or served by the public cache (plugins/security.ts, response-cache.ts).
 */
export const isPersonal = (request: FastifyRequest) => request.personal || carriesCredentials(request);
