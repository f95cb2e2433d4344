import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test-support/free-port.ts';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const STARTUP_MS = 120_000;

// `npm run dev` as a developer runs it: its own process on a fresh database, the pages from the sources.
let child: ChildProcess;
let output = '';
let origin: string;
let dataDir: string;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = await mkdtemp(join(tmpdir(), 'portal-dev-'));
  // Not this test run's environment: Vitest's variables change how React Router's Vite plugin behaves.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(VITEST|TEST_|NODE_ENV$)/.test(name)));
  child = spawn('npm', ['run', 'dev'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    // its own process group: npm, tsx and the portal are stopped together
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + STARTUP_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm run dev exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm run dev did not answer in ${STARTUP_MS / 1000} s:\n${output}`);
    const ready = await fetch(`${origin}/healthz`).then((res) => res.ok, () => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, STARTUP_MS + 10_000);

afterAll(async () => {
  if (child?.pid && child.exitCode === null) {
    const exited = once(child, 'exit');
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it('renders the home page from the sources with the hot-reload client', async () => {
    const res = await fetch(`${origin}/app/catalog`);
    const html = await res.text();
    expect(res.status, output).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain('virtual:react-router/inject-hmr-runtime');
    // The same security headers as in production, and the nonce reaches React Router's scripts.
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`nonce="${nonce}"`);
  });

  it('lets Vite answer its own modules: the HMR client and the app sources', async () => {
    const client = await fetch(`${origin}/app/catalog/@vite/client`);
    expect(client.status).toBe(200);
    expect(client.headers.get('content-type')).toMatch(/javascript/);
    const root = await fetch(`${origin}/app/catalog/app/root.tsx`);
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('/app/catalog/@vite/client');
  });

  it('keeps the API and the pages outside the catalog', async () => {
    const api = await fetch(`${origin}/v1/nao-existe`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/json/);
    const page = await fetch(`${origin}/app/catalog/orgao`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('</html>');
  });
});
