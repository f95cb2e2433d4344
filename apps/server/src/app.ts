import type { DatabaseHandle } from '@portal/db';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { departmentsRoutes } from './modules/departments/departments.routes.ts';
import { favoritesRoutes } from './modules/favorites/favorites.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { ratingsRoutes } from './modules/ratings/ratings.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { loadConfig, type Config } from './plugins/config.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityPlugin } from './plugins/security.ts';

// Validation messages the citizen may read are Portuguese.
z.config(z.locales.pt());

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface AppOptions {
  config?: Config;
  /** an open database (tests) */
  database?: DatabaseHandle;
  /** signature keys for bearer tokens (tests); defaults to the identity provider's */
  authKeys?: JWTVerifyGetKey;
  authIssuer?: string;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(options: AppOptions = {}) {
  const config = options.config ?? loadConfig();
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT,
    trustProxy: config.NODE_ENV === 'production',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(openapiPlugin);
  await app.register(dbPlugin, { config, database: options.database });
  await app.register(authPlugin, { config, keys: options.authKeys, issuer: options.authIssuer });

  await app.register(healthRoutes);
  await app.register(catalogRoutes);
  await app.register(departmentsRoutes);
  await app.register(searchRoutes);
  await app.register(ratingsRoutes);
  await app.register(favoritesRoutes);

  const base = config.BASE_PATH;
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect(base === '/' ? '/' : base, 302));
  if (base !== '/') {
    // Until the web app is mounted here, the base path says what the portal offers.
    app.get(base, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Portal de Serviços do Piauí</title></head>
<body><main><h1>Portal de Serviços do Governo do Piauí</h1>
<p>A API do catálogo está no ar. Documentação: <a href="/docs">/docs</a> · contrato: <a href="/openapi.json">/openapi.json</a>.</p>
</main></body></html>`),
    );
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
