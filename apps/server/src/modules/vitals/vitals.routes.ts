import { ErrorResponse, VitalsRequest } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatWait, limitReached, take } from '../../plugins/limits.ts';
import { createBatch } from '../../lib/batch.ts';
import * as repository from './vitals.repository.ts';

/**
 * Metrics one network address may report per window: a page view sends about five, so this is some 120
 * page views in ten minutes. A big shared network loses some samples, which also keeps one network from
 * weighing more than others in the figures; a script cannot fill the table.
 */
export const VITALS_PER_ADDRESS = { points: 600, seconds: 600 } as const;

export const vitalsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Telemetry: the cap need not be exact across instances, and nothing is written per report.
  const reports = app.limits.limiter('vitals', VITALS_PER_ADDRESS, { exact: false });
  const batch = createBatch<repository.NewVital>({ name: 'vitals', log: app.log, intervalMs: app.config.BATCH_SECONDS * 1000, write: (vitals) => repository.insertVitals(app.db, vitals) });
  app.addHook('onClose', () => batch.close());

  app.post(
    '/v1/vitals',
    {
      logLevel: 'warn',
      schema: {
        tags: ['operação'],
        summary: 'Métricas web vitals enviadas pelos navegadores',
        body: VitalsRequest,
        response: { 204: z.null().describe('Registrado'), 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const list = request.body;
      // Each metric counts, so one big batch costs as much as many small ones.
      const allowance = await take(reports, app.limits.key('vitals', request.ip), list.length);
      if (!allowance.allowed) {
        throw limitReached(reply, allowance.retryAfter, `Muitas métricas enviadas deste endereço. Aguarde ${formatWait(allowance.retryAfter)} e tente novamente.`);
      }
      for (const v of list) {
        batch.add({
          name: v.name,
          value: v.value,
          rating: v.rating,
          // Only the path: query strings may carry what a citizen typed.
          page: v.page.split(/[?#]/)[0]!.slice(0, 300),
          navigationType: v.navigationType ?? '',
        });
      }
      return reply.code(204).send(null);
    },
  );
};
