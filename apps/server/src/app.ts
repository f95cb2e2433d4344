import type { DatabaseHandle } from '@portal/db';
import { Socket } from 'node:net';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { logSerializers } from './lib/log-redaction.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { departmentsRoutes } from './modules/departments/departments.routes.ts';
import { favoritesRoutes } from './modules/favorites/favorites.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { identityPlugin } from './modules/identity/identity.routes.ts';
import { indicatorsRoutes } from './modules/indicators/indicators.routes.ts';
import { notaPiauienseRoutes } from './modules/nota-piauiense/nota-piauiense.routes.ts';
import { notificationsPlugin } from './modules/notifications/notifications.routes.ts';
import { openDataRoutes } from './modules/open-data/open-data.routes.ts';
import { payslipsRoutes } from './modules/payslips/payslips.routes.ts';
import { recommendationsRoutes } from './modules/recommendations/recommendations.routes.ts';
import { ratingsRoutes } from './modules/ratings/ratings.routes.ts';
import { retentionJob } from './modules/retention/retention.job.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { simplifiqueRoutes } from './modules/simplifique/simplifique.routes.ts';
import { gestaoPlugin } from './modules/gestao/gestao.plugin.ts';
import { requestsPlugin } from './modules/requests/requests.plugin.ts';
import { appointmentsPlugin } from './modules/appointments/appointments.plugin.ts';
import { panelPlugin } from './modules/panel/panel.plugin.ts';
import { myDataPlugin } from './modules/my-data/my-data.plugin.ts';
import { vitalsRoutes } from './modules/vitals/vitals.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { loadConfig, type Config } from './plugins/config.ts';
import { dbPlugin } from './plugins/db.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { limitsPlugin } from './plugins/limits.ts';
import { mailPlugin } from './plugins/mail.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { redisPlugin } from './plugins/redis.ts';
import { responseCachePlugin } from './plugins/response-cache.ts';
import { securityPlugin } from './plugins/security.ts';
import { storagePlugin } from './plugins/storage.ts';
import { webPlugin } from './plugins/web.ts';

// Validation messages the citizen may read are Portuguese.
z.config(z.locales.pt());

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** the server is stopping: new requests from the network answer 503 (server.ts) */
    draining: boolean;
    /** from now on, closes each connection once it has no request in flight (see buildApp) */
    closeConnectionsAsTheyIdle(): void;
  }
}

export interface AppOptions {
  config?: Config;
  /** an open database (tests) */
  database?: DatabaseHandle;
  /** signature keys for bearer tokens (tests); defaults to the identity provider's */
  authKeys?: JWTVerifyGetKey;
  authIssuer?: string;
  /** the audience test tokens carry */
  authAudience?: string;
  /** false: no log at all (tests); otherwise pino options over the configured level (a stream, a level) */
  logger?: false | { level?: string; stream?: NodeJS.WritableStream };
}

export async function buildApp(options: AppOptions = {}) {
  const config = options.config ?? loadConfig();
  const app = Fastify({
    // What the logs keep of requests and addresses, by rule (lib/log-redaction.ts; the privacy page says it).
    logger: options.logger === false ? false : { level: config.LOG_LEVEL, ...options.logger, serializers: logSerializers },
    bodyLimit: config.BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    // Malformed URLs and requests Node's parser refuses answer in Portuguese too (plugins/errors.ts).
    frameworkErrors,
    clientErrorHandler,
    // A first start migrates and seeds the demo (catalog, accounts, open data) inside the database plugin.
    pluginTimeout: 180_000,
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON only; a body in any other type is refused with 415 rather than half-understood.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(openapiPlugin);
  await app.register(dbPlugin, { config, database: options.database });
  await app.register(redisPlugin);
  await app.register(jobsPlugin);
  await app.register(mailPlugin);
  await app.register(storagePlugin);
  await app.register(limitsPlugin);
  // While the server stops (server.ts), a request from the network (not a page's in-process API call) answers
  // 503 and closes its kept-alive connection. Before the public cache, which would otherwise keep answering
  // copies on a busy connection until the drain deadline.
  app.decorate('draining', false);
  // Once the server is closing, no connection is kept for later. Browsers open connections ahead of need
  // (Chromium preconnects) and may never send a request on them; and a request in flight when the close began
  // leaves its kept-alive connection open once answered. Node's closeIdleConnections, called once when the
  // server closes, sees neither, so the stop waited for Node's 60-second headers timeout (or server.ts's drain
  // deadline): both are cut (closeConnectionsAsTheyIdle, called by Fastify's preClose and server.ts's drain).
  const unused = new Set<Socket>();
  let closing = false;
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request: { socket: Socket }, response: { once(event: 'finish', listener: () => void): void }) => {
    unused.delete(request.socket);
    // After the response is written the connection is idle: the next turn closes it.
    response.once('finish', () => closing && setImmediate(() => app.server.closeIdleConnections()));
  });
  app.decorate('closeConnectionsAsTheyIdle', () => {
    closing = true;
    for (const socket of unused) socket.destroy();
    unused.clear();
  });
  app.addHook('preClose', (done) => {
    app.closeConnectionsAsTheyIdle();
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!app.draining || !(request.raw.socket instanceof Socket)) return done();
    reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '5')
      .header('cache-control', 'no-store')
      .send({ statusCode: 503, error: 'Service Unavailable', message: 'O portal está reiniciando. Tente novamente em alguns segundos.' });
  });
  await app.register(responseCachePlugin);
  // After the public cache (hooks run in order): it keeps plain bytes and compresses its copies once;
  // what it did not answer (personal pages, uncached API answers) is compressed here.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(metricsPlugin);
  await app.register(authPlugin, { keys: options.authKeys, issuer: options.authIssuer, audience: options.authAudience });

  await app.register(identityPlugin);
  await app.register(healthRoutes);
  await app.register(catalogRoutes);
  await app.register(departmentsRoutes);
  await app.register(searchRoutes);
  await app.register(ratingsRoutes);
  await app.register(favoritesRoutes);
  await app.register(indicatorsRoutes);
  await app.register(openDataRoutes);
  await app.register(notificationsPlugin);
  await app.register(notaPiauienseRoutes);
  await app.register(payslipsRoutes);
  await app.register(recommendationsRoutes);
  await app.register(vitalsRoutes);
  await app.register(simplifiqueRoutes);
  await app.register(gestaoPlugin);
  await app.register(requestsPlugin);
  await app.register(appointmentsPlugin);
  await app.register(panelPlugin);
  await app.register(myDataPlugin);
  await app.register(documentsRoutes);
  await app.register(retentionJob);

  const base = config.BASE_PATH;
  if (base !== '/') app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect(base, 302));
  // The pages (apps/web), last: everything else under the base path is React Router's.
  await app.register(webPlugin, { basePath: base });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
