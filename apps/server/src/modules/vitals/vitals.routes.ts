import { ErrorResponse } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as repository from './vitals.repository.ts';

// The request's schema lives here until the lead moves it to packages/contracts (see apps/web/NOTES-FOR-LEAD.md).
const Vital = z.object({
  name: z.enum(['LCP', 'CLS', 'INP', 'FCP', 'TTFB'], { error: 'Métrica desconhecida: use LCP, CLS, INP, FCP ou TTFB.' }),
  value: z.number({ error: 'O valor da métrica deve ser um número.' }).min(0, 'O valor da métrica não pode ser negativo.').max(3_600_000, 'Valor da métrica fora do limite.'),
  rating: z.enum(['good', 'needs-improvement', 'poor'], { error: 'Classificação inválida: use good, needs-improvement ou poor.' }),
  page: z.string().max(300, 'Página: no máximo 300 caracteres.'),
  navigationType: z.string().max(40, 'Tipo de navegação: no máximo 40 caracteres.').optional(),
});
/** One metric, or the batch a page sends when it is hidden. */
export const VitalsRequest = z.union([Vital, z.array(Vital).min(1, 'Envie ao menos uma métrica.').max(20, 'No máximo 20 métricas por envio.')]);

export const vitalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/vitals',
    {
      logLevel: 'warn',
      schema: {
        tags: ['operação'],
        summary: 'Métricas web vitals enviadas pelos navegadores',
        body: VitalsRequest,
        response: { 204: z.null().describe('Registrado'), 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const list = Array.isArray(request.body) ? request.body : [request.body];
      await repository.insertVitals(
        app.db,
        list.map((v) => ({
          name: v.name,
          value: v.value,
          rating: v.rating,
          // Only the path: query strings may carry what a citizen typed.
          page: v.page.split(/[?#]/)[0]!.slice(0, 300),
          navigationType: v.navigationType ?? '',
        })),
      );
      return reply.code(204).send(null);
    },
  );
};
