// The files an operator deploys with (Dockerfile, compose.yaml, deploy/nginx.conf) agree with the portal
// they run: every setting compose passes is one the portal reads and accepts in production, the image's
// health check asks a route that answers, the image does not run as root, and nginx balances both instances.
// (This machine cannot pull base images, so the image itself is not built here.)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigSchema, loadConfig } from './plugins/config.ts';
import { createTestApp, type TestApp } from './test-support/app.ts';

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
const dockerfile = readFileSync(root('Dockerfile'), 'utf8');
const nginx = readFileSync(root('deploy/nginx.conf'), 'utf8');
interface Service {
  environment?: Record<string, string | number | boolean>;
  depends_on?: Record<string, { condition: string }>;
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
  build?: string;
}
const compose = parse(readFileSync(root('compose.yaml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };
const portals = Object.entries(compose.services).filter(([, service]) => service.build === '.');

/** What an operator exports before `docker compose up` (the compose file refuses to start without them). */
const OPERATOR: Record<string, string> = {
  PUBLIC_URL: 'https://portal.pi.gov.br',
  POSTGRES_PASSWORD: 'a-long-random-database-password',
  VOTER_SECRET: 'f0e1d2c3b4a5968778695a4b3c2d1e0ff0e1d2c3',
  METRICS_TOKEN: '0123456789abcdef0123456789abcdef',
};
/** Compose's own interpolation: ${VAR}, ${VAR:?message}, ${VAR:-default}. */
const interpolate = (value: string) =>
  value.replace(/\$\{(\w+)(?::[?-]([^}]*))?\}/g, (_, name: string) => {
    const found = OPERATOR[name];
    if (found === undefined) throw new Error(`compose.yaml needs ${name}, which the README does not ask the operator for`);
    return found;
  });
const environment = (service: Service) => Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]));

/** The runtime stage: the instructions after the last FROM. */
const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

describe('compose.yaml', () => {
  it('runs two portal instances on one PostgreSQL and one Redis', () => {
    expect(portals.map(([name]) => name)).toEqual(['portal-1', 'portal-2']);
    const [one, two] = portals.map(([, service]) => environment(service));
    expect(one!.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    expect(two!.DATABASE_URL).toBe(one!.DATABASE_URL);
    expect(one!.REDIS_URL).toBe('redis://redis:6379');
    expect(two!.REDIS_URL).toBe(one!.REDIS_URL);
    // One instance migrates at a time: the second starts once the first is healthy.
    expect(compose.services['portal-2']!.depends_on?.['portal-1']?.condition).toBe('service_healthy');
  });

  it('passes the portal only settings it reads, and they pass its production checks', () => {
    const known = new Set(Object.keys(ConfigSchema.shape));
    for (const [name, service] of portals) {
      const env = environment(service);
      expect(Object.keys(env).filter((key) => !known.has(key)), name).toEqual([]);
      const config = loadConfig(env);
      expect(config.NODE_ENV).toBe('production');
      expect(config.SEED_DEMO).toBe(false);
      expect(config.METRICS_TOKEN).toBeDefined();
    }
  });

  it('trusts X-Forwarded-For only from the proxy, at its fixed address', () => {
    const networks = compose.services.proxy!.networks as Record<string, { ipv4_address?: string }>;
    const proxyAddress = Object.values(networks)[0]?.ipv4_address;
    expect(proxyAddress).toBeDefined();
    for (const [, service] of portals) expect(loadConfig(environment(service)).TRUST_PROXY).toEqual([proxyAddress]);
  });

  it('keeps secrets out of the file: each comes from the environment', () => {
    for (const [, service] of portals) {
      for (const key of ['VOTER_SECRET', 'METRICS_TOKEN']) expect(String(service.environment?.[key])).toMatch(/^\$\{\w+:\?/);
      expect(String(service.environment?.DATABASE_URL)).toContain('${POSTGRES_PASSWORD:?');
    }
  });
});

describe('deploy/nginx.conf', () => {
  it('balances between both instances on the port the image listens on and hides /metrics', () => {
    const port = /ENV [^\n]*PORT=(\d+)/.exec(runtime)?.[1];
    const upstream = /upstream portal \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
    for (const [name] of portals) expect(upstream).toContain(`server ${name}:${port}`);
    expect(nginx).toMatch(/location = \/metrics \{ return 404; \}/);
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
  });
});

describe('Dockerfile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs as an unprivileged user and hands SIGTERM straight to the server', () => {
    const user = /^USER (\S+)/m.exec(runtime)?.[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(runtime).toMatch(/^STOPSIGNAL SIGTERM$/m);
    const command = /^CMD (\[.*\])$/m.exec(runtime)?.[1];
    expect(JSON.parse(command!)[0]).toBe('node');
  });

  it('checks health on a route that answers 200', async () => {
    const path = /HEALTHCHECK[\s\S]*?fetch\('http:\/\/127\.0\.0\.1:' \+ \(process\.env\.PORT \|\| \d+\) \+ '([^']+)'\)/.exec(runtime)?.[1];
    expect(path).toBe('/healthz');
    const answer = await t.app.inject({ url: path! });
    expect(answer.statusCode).toBe(200);
  });
});
