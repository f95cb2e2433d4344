import { ErrorResponse, SearchRequest, SearchResponse } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchItem } from '@portal/contracts';
import { MicroCache } from '../../lib/micro-cache.ts';
import { search } from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // Answers depend on the body only (never on who asks), so equal bodies within seconds share one.
  const cache = new MicroCache<SearchItem[]>(app.config.SEARCH_CACHE_SECONDS * 1000);

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
    async (request) => {
      const body = request.body ?? {};
      return cache.get(JSON.stringify(body), () => search(app.db, body));
    },
  );
};
