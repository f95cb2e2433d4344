import type { Citizen } from './identity.ts';

/**
 * The load context the server hands to every page of the web app (apps/server/src/plugins/web.ts builds
 * it; apps/web/app/lib/load-context.ts gives it to React Router). Defined here, once, because it is the
 * contract between the two tiers: the server satisfies it, the web app reads it.
 */

/** Whose call it is: the logged-in citizen's (the session's bearer token, added on the server) or nobody's. */
export type ApiAuth = 'citizen' | 'anonymous';

/** One call to our own API, made in-process (Fastify `inject`): validation and auth run as for any caller. */
export interface ApiCall {
  /** HEAD: what a GET would answer, without its body (a download's size) */
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  auth: ApiAuth;
}

/** The API's answer: `body` is parsed JSON (or text), `bytes` the raw payload for downloads. */
export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  bytes: Uint8Array;
}

/** The request's logger (pino's shape, narrowed to what the pages use). */
export interface WebLogger {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

export interface WebLoadContext {
  /** our API; a citizen call without a session answers 401 */
  api: (call: ApiCall) => Promise<ApiAnswer>;
  /** the logged-in citizen, or null (anonymous); read once per request */
  citizen: () => Promise<Citizen | null>;
  /** whether the browser has a session that could not be read (the database is down): not the same as logged out */
  sessionUnavailable: () => Promise<boolean>;
  /** this request's logger: what the pages log carries the request's id */
  log: WebLogger;
  /** this response's Content-Security-Policy nonce */
  cspNonce: string;
  /** where the VLibras widget is served from (VLIBRAS_URL), or null: the operator has not turned it on */
  vlibrasUrl: string | null;
  /** lets this page's forms post to that https address's site too (a service's digital channel, spec §5), and no other page's */
  allowFormAction: (href: string) => void;
}
