import cluster from 'node:cluster';
import { buildApp, type App } from './app.ts';
import { loadConfig } from './plugins/config.ts';

const config = loadConfig();

/** How long a stop waits for requests in flight; under the 30 s most supervisors give before SIGKILL. */
const DRAIN_TIMEOUT_MS = 25_000;

/**
 * Stops gracefully: no new connections; a request arriving on a kept-alive connection answers 503 and
 * closes it; requests in flight finish (a page's loaders keep calling the API in-process, which Fastify's
 * own close would refuse: so the app itself is closed, database last, only once the connections are gone).
 */
async function stop(app: App): Promise<boolean> {
  app.draining = true;
  const drained = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), DRAIN_TIMEOUT_MS);
    timer.unref();
    // Stops listening and closes idle kept-alive connections; calls back when the last connection has closed.
    app.server.close(() => {
      clearTimeout(timer);
      resolve(true);
    });
    app.closeConnectionsAsTheyIdle();
  });
  if (!drained) {
    app.log.warn({ ms: DRAIN_TIMEOUT_MS }, 'requests still in flight at the drain deadline: closing their connections');
    app.server.closeAllConnections();
  }
  await app.close();
  return drained;
}

if (config.WORKERS > 1 && cluster.isPrimary) {
  if (!config.DATABASE_URL) {
    console.error('WORKERS > 1 needs DATABASE_URL: the embedded database (PGlite) belongs to one process.');
    process.exit(1);
  }
  // Migrate and seed once, here, so the workers start on a ready database instead of racing to do it.
  const setup = await buildApp({ config });
  await setup.ready();
  await setup.close();
  let stopping = false;
  for (let i = 0; i < config.WORKERS; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      // Each worker drains its own requests; the primary leaves with the last one.
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (signal === 'SIGTERM' || signal === 'SIGINT' || code === 0) return;
    console.error(`worker ${worker.process.pid} died (${signal ?? code}); starting another`);
    cluster.fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      const workers = Object.values(cluster.workers ?? {});
      if (workers.length === 0) process.exit(0);
      for (const worker of workers) worker?.process.kill(signal);
    });
  }
} else {
  const app = await buildApp({ config });

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down: draining requests in flight');
      try {
        const drained = await stop(app);
        app.log.info({ drained }, 'stopped');
        process.exit(drained ? 0 : 1);
      } catch (err) {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      }
    });
  }

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    app.log.error({ err }, 'could not start');
    process.exit(1);
  }
}
