import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalText = z.preprocess(emptyToUndefined, z.string().optional());
const flag = (fallback: boolean) =>
  z.preprocess((v) => (v === undefined || v === '' ? fallback : !['false', '0', 'no', 'off'].includes(String(v).toLowerCase())), z.boolean());

const serviceUrl = (fallback: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => /^\/[^/]/.test(v) || URL.canParse(v), 'must be an absolute URL or a path starting with /')
      .transform((v) => v.replace(/\/+$/, ''))
      .default(fallback),
  );

/**
 * Which proxies to believe about the client's address and scheme (X-Forwarded-For/-Proto): off, or the
 * proxies' addresses. Not 'true' (any client could claim any address) and not a hop count (Fastify 5
 * ignores hop counts because they cannot tell the proxy from a client that bypasses it).
 */
const trustProxy = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .default('off')
    .transform((v, ctx): false | string[] => {
      const value = v.trim().toLowerCase();
      if (['false', 'off', 'no'].includes(value)) return false;
      const list = value.split(',').map((a) => a.trim()).filter(Boolean);
      const address = (a: string) => /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/.test(a) || /^[0-9a-f:]*:[0-9a-f:.]*(\/\d{1,3})?$/.test(a) || ['loopback', 'linklocal', 'uniquelocal'].includes(a);
      if (list.length && list.every(address)) return list;
      ctx.addIssue({
        code: 'custom',
        message: "TRUST_PROXY must be off or the reverse proxies' addresses (e.g. 10.0.0.5, 10.0.0.0/24, loopback), comma-separated",
      });
      return z.NEVER;
    }),
);

/** Where stored files go when they go to an S3-compatible store (plugins/storage-s3.ts), read from S3_URL. */
export interface S3Location {
  endpoint: string;
  bucket: string;
  region: string;
  /** bucket in the path (https://host/bucket/key): every S3-compatible store takes it; AWS's own hosts use the bucket's name as host */
  forcePathStyle: boolean;
  /** unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID…, an instance's role) */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const S3_URL_FORMAT = 'S3_URL must look like https://ACCESS_KEY:SECRET@host[:port]/bucket?region=sa-east-1 (key and secret percent-encoded)';

/** S3_URL read into what the S3 client needs; throws the operator's message when it is not one. */
export function s3Location(value: string): S3Location {
  if (!URL.canParse(value)) throw new Error(S3_URL_FORMAT);
  const url = new URL(value);
  if (!['http:', 'https:'].includes(url.protocol)) throw new Error(`${S3_URL_FORMAT}: http or https only`);
  const bucket = url.pathname.replace(/^\/|\/$/g, '');
  // S3's rule for bucket names (3 to 63 lowercase letters, digits, dots and hyphens), which every compatible store follows.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error(`${S3_URL_FORMAT}: the path is the bucket's name, one segment of 3 to 63 lowercase letters, digits, dots or hyphens`);
  const unknown = [...url.searchParams.keys()].filter((name) => name !== 'region');
  if (unknown.length) throw new Error(`${S3_URL_FORMAT}: unknown parameter ${unknown.join(', ')} (only region)`);
  if (Boolean(url.username) !== Boolean(url.password)) throw new Error(`${S3_URL_FORMAT}: give both the access key and the secret, or neither (the AWS SDK's own credentials)`);
  const aws = /(^|\.)amazonaws\.com$/.test(url.hostname);
  const region = url.searchParams.get('region') || (aws && /^s3[.-]([a-z0-9-]+)\.amazonaws\.com$/.exec(url.hostname)?.[1]) || 'us-east-1';
  return {
    endpoint: url.origin,
    bucket,
    region,
    forcePathStyle: !aws,
    ...(url.username ? { credentials: { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) } } : {}),
  };
}

/** Where clamd listens, read from CLAMD_URL: tcp://host:port or unix:///path/to/clamd.ctl. */
export type ClamdAddress = { host: string; port: number } | { path: string };

export function clamdAddress(value: string): ClamdAddress {
  const format = 'CLAMD_URL must be tcp://host:port (e.g. tcp://127.0.0.1:3310) or unix:///path/to/clamd.ctl';
  if (!URL.canParse(value)) throw new Error(format);
  const url = new URL(value);
  if (url.protocol === 'unix:' && !url.host && url.pathname.length > 1) return { path: decodeURIComponent(url.pathname) };
  if (url.protocol === 'tcp:' && url.hostname && url.port && (url.pathname === '' || url.pathname === '/')) {
    return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) };
  }
  throw new Error(format);
}

/** A URL setting read by `parse`, whose thrown message is the operator's. */
const parsedUrl = (parse: (value: string) => unknown) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .superRefine((value, ctx) => {
        try {
          parse(value);
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: (err as Error).message });
        }
      })
      .optional(),
  );

/** Values that ship in this repository: fine for a demo, never for the state's production portal. */
export const DEMO_VOTER_SECRET = 'portal-piaui-demo-voter-secret';

/** The environment of ARCHITECTURE.md, validated once at start-up. */
export const ConfigSchema = z.object({
  /** production turns on the start-up refusals of demo secrets and plain-http addresses */
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  BASE_PATH: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?$/, 'BASE_PATH must be a path like /app/catalog')
      .default('/app/catalog'),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./.data')),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  OIDC_ISSUER: z.preprocess(emptyToUndefined, z.string().url().optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  /** the audience access tokens must carry (resource indicator); the embedded provider's by default */
  OIDC_AUDIENCE: optionalText,
  /** scopes the web app asks for at login; 'openid profile email' (+ the API's scope when embedded) by default */
  OIDC_SCOPE: optionalText,
  /** the portal's public origin (https://portal.pi.gov.br): issuer, redirect URIs, cookie security; http://localhost:PORT by default */
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  REDIS_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  /** namespace of this portal's keys in Redis, so several portals (or test runs) can share one server */
  REDIS_KEY_PREFIX: z.preprocess(emptyToUndefined, z.string().regex(/^[\w.:-]{0,64}$/, 'REDIS_KEY_PREFIX: letters, digits, . : _ -').default('portal:')),
  /** requests one network address may make to the API (/v1, /api) and the pages per window; 0 turns this general limit off */
  API_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(1200)),
  /** the general limit's window, in seconds */
  API_RATE_LIMIT_WINDOW_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(86_400).default(60)),
  /** the reverse proxies in front of the portal (see trustProxy above); off by default */
  TRUST_PROXY: trustProxy,
  SEED_DEMO: flag(true),
  WORKERS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).default(1)),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  /** pepper for the one-way hash that identifies anonymous voters; set it in production */
  VOTER_SECRET: z.preprocess(emptyToUndefined, z.string().default(DEMO_VOTER_SECRET)),
  /** how long anonymous pages and public catalog answers stay fresh in the public cache (plugins/response-cache.ts); 0 turns it off */
  CACHE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(3600).default(60)),
  /** how often each process writes the anonymous events it gathered (views, web vitals): one statement per batch */
  BATCH_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().min(0.1).max(300).default(1)),
  LINK_CHECK_HOURS: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(24 * 30).default(0)),
  /** memory each process gives the public cache's own copies, in MiB */
  CACHE_MAX_MB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(4096).default(64)),
  /** serves /metrics (Prometheus) to `Authorization: Bearer <token>` only; unset, /metrics does not exist (404) */
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[\x21-\x7e]{24,256}$/, 'METRICS_TOKEN must be 24 to 256 printable characters without spaces (e.g. openssl rand -hex 32)')
      .optional(),
  ),
  /**
   * where new notifications are pushed to the citizens' phones: Expo's push API
   * (https://exp.host/--/api/v2/push/send) in production; unset, nothing leaves the machine
   */
  /** where e-mail goes out (nodemailer's SMTP URL: smtp://user:pass@host:587, smtps://… for TLS); unset, no e-mail leaves the machine */
  SMTP_URL: z.preprocess(emptyToUndefined, z.string().url('SMTP_URL: use um endereço smtp:// ou smtps://.').refine((u) => /^smtps?:\/\//.test(u), 'SMTP_URL: use um endereço smtp:// ou smtps://.').optional()),
  /** who the portal's e-mails come from */
  SMTP_FROM: z.preprocess(emptyToUndefined, z.string().min(3).default('Portal de Serviços do Piauí <nao-responda@portal.pi.gov.br>')),
  PUSH_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/, error: 'PUSH_URL must be an http(s) URL, e.g. https://exp.host/--/api/v2/push/send' }).optional()),
  /**
   * the federal VLibras widget (Libras translation), from where it is served: https://vlibras.gov.br/app. Unset
   * (the default), nothing is loaded from outside the portal; set, every page loads it and the pages' policy
   * allows what its player needs (eval, WebAssembly and blob: scripts, from that origin only)
   */
  VLIBRAS_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/, error: 'VLIBRAS_URL must be an http(s) URL, e.g. https://vlibras.gov.br/app' }).optional()),
  /**
   * where uploaded files are kept (plugins/storage.ts): unset, a folder under DATA_DIR; set, an S3-compatible
   * store, https://ACCESS_KEY:SECRET@host[:port]/bucket?region=sa-east-1 (docs/decisions/033-files.md)
   */
  S3_URL: parsedUrl(s3Location),
  /** ClamAV's clamd, which checks every upload before it is kept (tcp://127.0.0.1:3310, unix:///run/clamav/clamd.ctl); unset, no check */
  CLAMD_URL: parsedUrl(clamdAddress),
  /** how long clamd may stay silent (connecting, reading, or after a file's last byte) before the upload is refused 503 */
  CLAMD_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().min(0.1).max(600).default(30)),
  /** largest request body accepted, in bytes */
  BODY_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1024).default(64 * 1024)),
  /** seconds between each worker's looks for new jobs (the delay of a job sent now; docs/decisions/030-job-queue.md) */
  JOBS_POLL_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().min(0.5).max(60).default(2)),
  /** seconds between the queue's checks of expired jobs (a dead worker's, given again) and of its schedules */
  JOBS_CHECK_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3600).default(30)),
  /** seconds a request body may stall, no byte arriving, before it is answered 408 and its connection closed */
  BODY_IDLE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().min(0.1).max(300).default(10)),
  // Open data (issue 5): where the /dados screens fetch from. A path means this server (the built-in
  // copies of the APIs, so open data works offline); an absolute URL points at the state's own services.
  /** transparency API: {base}/despesas/... and {base}/servidores/... */
  TRANSPARENCIA_API_URL: serviceUrl('/api/transparencia'),
  /** audit-court API: {base}/{resources}/{category}/{query} */
  TCE_API_URL: serviceUrl('/api/tce'),
  /** the digital-transformation users log (CSV) */
  USERS_LOG_URL: serviceUrl('/api/transformacao-digital/log-usuarios.csv'),
});
export type Config = z.infer<typeof ConfigSchema>;

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** The portal's public origin (no trailing slash): links, cookies, HSTS and the embedded issuer use it, never the Host header. */
export function publicOrigin(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).origin;
}

/** What production must not start with: each line says what to set instead. */
function productionProblems(config: Config): string[] {
  const problems: string[] = [];
  if (config.VOTER_SECRET === DEMO_VOTER_SECRET || config.VOTER_SECRET.length < 32) {
    problems.push('VOTER_SECRET: set a random secret of at least 32 characters (the demo value is public).');
  }
  if (!config.PUBLIC_URL || !config.PUBLIC_URL.startsWith('https://')) {
    problems.push('PUBLIC_URL: set the https address citizens use (https://...).');
  }
  if (config.OIDC_ISSUER && config.OIDC_CLIENT_SECRET !== undefined && (config.OIDC_CLIENT_SECRET.length < 16 || /demo|secret|changeme|portal-web/i.test(config.OIDC_CLIENT_SECRET))) {
    problems.push('OIDC_CLIENT_SECRET: use the secret the identity provider issued for this client, not a demo value.');
  }
  if (config.SEED_DEMO) problems.push('SEED_DEMO: set it to false (the demo accounts have a public password).');
  return problems;
}

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = { ...parsed.data, ...overrides };
  const problems = config.NODE_ENV === 'production' ? productionProblems(config) : [];
  // Session cookies are Secure (__Host-), which browsers accept over plain http only from this machine.
  const origin = new URL(publicOrigin(config));
  if (origin.protocol === 'http:' && !LOCAL_HOSTS.includes(origin.hostname)) {
    problems.push('PUBLIC_URL: plain http works only for localhost; use https for any other address.');
  }
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return config;
}
