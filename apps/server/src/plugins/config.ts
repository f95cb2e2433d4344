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

/** The environment of ARCHITECTURE.md, validated once at start-up. */
export const ConfigSchema = z.object({
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
  SEED_DEMO: flag(true),
  WORKERS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).default(1)),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  /** pepper for the one-way hash that identifies anonymous voters; set it in production */
  VOTER_SECRET: z.preprocess(emptyToUndefined, z.string().default('portal-piaui-demo-voter-secret')),
  /** how long one process reuses an identical search's answer; 0 turns the micro-cache off */
  SEARCH_CACHE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(3600).default(10)),
  /** largest request body accepted, in bytes */
  BODY_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1024).default(64 * 1024)),
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

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, ...overrides };
}
