import { ErrorResponse, VitalsRequest } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as repository from './vitals.repository.ts';

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
      const list = request.body;
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
