import { sql } from 'drizzle-orm';
import { ErrorResponse, HealthResponse } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { tags: ['operação'], summary: 'Saúde do processo e do banco de dados', response: { 200: HealthResponse, 503: HealthResponse.or(ErrorResponse) } }, logLevel: 'warn' },
    async (_request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'up' as const };
      } catch (err) {
        app.log.error({ err }, 'health check: database unavailable');
        return reply.code(503).send({ status: 'degraded' as const, database: 'down' as const });
      }
    },
  );
};
