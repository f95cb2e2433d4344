import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis, type RedisOptions } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis (REDIS_URL), or undefined: the rate limits, the public cache and its invalidation use it. */
    redis: SharedRedis | undefined;
  }
}

export interface SharedRedis {
  /** commands (counters, cached answers) */
  client: Redis;
  /** a second connection for pub/sub: a subscribed connection takes no other commands */
  subscriber: Redis;
  /** the namespace of this portal's keys and channels (REDIS_KEY_PREFIX) */
  prefix: string;
  /** whether commands would be answered now */
  ready(): boolean;
}

// Never queue or wait for a Redis that is away: each user falls back at once (limits count in memory,
// the public cache keeps its in-process copies) and retries in the background.
const OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: 1000,
  connectTimeout: 2000,
  retryStrategy: (times) => Math.min(times * 500, 5000),
};

async function connect(app: FastifyInstance, url: string, role: string, options: RedisOptions = {}): Promise<Redis> {
  const connection = new Redis(url, { ...OPTIONS, ...options });
  let lastWarning = 0;
  connection.on('error', (err) => {
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    app.log.warn({ err, role }, 'Redis not answering: falling back to this process until it answers again');
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 3000);
    connection.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  if (connection.status !== 'ready') app.log.warn({ role, status: connection.status }, 'Redis not ready at start');
  app.addHook('onClose', async () => {
    if (connection.status === 'ready') await connection.quit().catch(() => connection.disconnect());
    else connection.disconnect();
  });
  return connection;
}

/** One Redis for the whole process when REDIS_URL is set: one command connection and one subscriber. */
export const redisPlugin = fp(async (app: FastifyInstance) => {
  const url = app.config.REDIS_URL;
  if (!url) {
    app.decorate('redis', undefined);
    return;
  }
  const client = await connect(app, url, 'commands');
  // The subscriber may queue its SUBSCRIBE until connected: it re-subscribes by itself after a reconnect.
  const subscriber = await connect(app, url, 'pub/sub', { enableOfflineQueue: true, commandTimeout: undefined, maxRetriesPerRequest: null });
  app.decorate('redis', { client, subscriber, prefix: app.config.REDIS_KEY_PREFIX, ready: () => client.status === 'ready' });
});
