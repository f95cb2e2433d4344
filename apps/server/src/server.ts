import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { loadConfig } from './plugins/config.ts';

const config = loadConfig();

if (config.WORKERS > 1 && cluster.isPrimary) {
  if (!config.DATABASE_URL) {
    console.error('WORKERS > 1 needs DATABASE_URL: the embedded database (PGlite) belongs to one process.');
    process.exit(1);
  }
  // Migrate and seed once, here, so the workers start on a ready database instead of racing to do it.
  const setup = await buildApp({ config });
  await setup.ready();
  await setup.close();
  for (let i = 0; i < config.WORKERS; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (signal === 'SIGTERM' || signal === 'SIGINT' || code === 0) return;
    console.error(`worker ${worker.process.pid} died (${signal ?? code}); starting another`);
    cluster.fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill(signal);
      process.exit(0);
    });
  }
} else {
  const app = await buildApp({ config });

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      try {
        await app.close();
        process.exit(0);
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
