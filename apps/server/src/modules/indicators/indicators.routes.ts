import { ErrorResponse, IndicatorParams as Params, MetabaseQueryResponse } from '@portal/contracts';
import type { Database } from '@portal/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error.ts';
import * as repository from './indicators.repository.ts';

/** The three cards of the home's indicators, at the dashboard paths the spec's clients call (spec §7). */
export const INDICATORS: Record<string, { name: string; count: (db: Database) => Promise<number> }> = {
  '87/76': { name: 'availableServices', count: repository.countAvailableServices },
  '88/77': { name: 'digitalServices', count: repository.countDigitalServices },
  '89/78': { name: 'citizensRegistered', count: repository.countCitizensRegistered },
};

export const indicatorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/metabase/api/dashboard/8/dashcard/:dashcard/card/:card/query',
    {
      schema: {
        tags: ['indicadores'],
        summary: 'Indicadores da página inicial (serviços disponíveis, serviços digitais, cidadãos cadastrados)',
        params: Params,
        response: { 200: MetabaseQueryResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const indicator = INDICATORS[`${request.params.dashcard}/${request.params.card}`];
      if (!indicator) throw notFound('Indicador não encontrado.');
      const value = await indicator.count(app.db);
      reply.header('cache-control', 'public, max-age=300');
      return {
        data: { rows: [[value]], cols: [{ name: indicator.name, base_type: 'type/Integer' }] },
        row_count: 1,
        status: 'completed' as const,
      };
    },
  );
};
