import { ErrorResponse, SearchRequest, SearchResponse } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { search } from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/search',
    {
      schema: {
        tags: ['busca'],
        summary: 'Busca de serviços: palavra-chave, categoria, órgão, público, destaques e mais acessados',
        body: SearchRequest,
        response: { 200: SearchResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => search(app.db, request.body ?? {}),
  );
};
