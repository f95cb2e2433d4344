// Builds the web app when its build is missing or stale: another BASE_PATH (it is fixed at build time) or
// other sources. `npm start` runs this first (prestart), and the browser tests call it before they start.
// The build itself also writes brotli and gzip copies of the browser's files (react-router.config.ts, buildEnd).
// Usage: node apps/web/scripts/ensure-build.mjs [--force]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const rootDir = join(webDir, '..', '..');
const buildDir = join(webDir, 'build');
const stampFile = join(buildDir, '.build-stamp.json');
const lockDir = join(webDir, '.build-lock');

function basePath() {
  const raw = process.env.BASE_PATH?.trim() || '/app/catalog';
  return `/${raw.replace(/^\/+|\/+$/g, '')}`;
}

function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    return e.isDirectory() ? files(full) : [full];
  });
}

/** A hash of everything the build is made from: the app, its configuration and the shared contracts. */
export function sourceHash() {
  const inputs = [
    ...files(join(webDir, 'app')),
    ...files(join(webDir, 'public')),
    ...['react-router.config.ts', 'vite.config.ts', 'base-path.ts', 'package.json', 'scripts/precompress.ts'].map((f) => join(webDir, f)),
    ...files(join(rootDir, 'packages', 'contracts', 'src')),
  ].filter((f) => existsSync(f) && !f.endsWith('.test.ts')).sort();
  const hash = createHash('sha256');
  for (const file of inputs) hash.update(relative(rootDir, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return null;
  }
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** One build at a time on this machine (two test workers may ask at once); a stale lock (10 min) is broken. */
function withLock(fn) {
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      if (Date.now() - statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs > 600_000) rmSync(lockDir, { recursive: true, force: true });
      if (Date.now() - started > 600_000) throw new Error('timed out waiting for another web build');
      sleep(500);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

export function ensureBuild({ force = false, log = console.log } = {}) {
  const wanted = { basePath: basePath(), sources: sourceHash() };
  const fresh = (stamp) =>
    !force && stamp && stamp.basePath === wanted.basePath && stamp.sources === wanted.sources && existsSync(join(buildDir, 'server', 'index.js'));
  if (fresh(readStamp())) return false;
  return withLock(() => {
    if (fresh(readStamp())) return false;
    log(`web: building the portal for BASE_PATH=${wanted.basePath} (apps/web/build) ...`);
    const result = spawnSync(process.execPath, [join(rootDir, 'node_modules', '@react-router', 'dev', 'bin.js'), 'build'], {
      cwd: webDir,
      env: { ...process.env, BASE_PATH: wanted.basePath, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
    if (result.status !== 0) {
      process.stderr.write(result.stdout ?? '');
      process.stderr.write(result.stderr ?? '');
      throw new Error(`web build failed (exit ${result.status})`);
    }
    writeFileSync(stampFile, `${JSON.stringify({ ...wanted, builtAt: new Date().toISOString() }, null, 2)}\n`);
    log('web: build ready');
    return true;
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    ensureBuild({ force: process.argv.includes('--force') });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
