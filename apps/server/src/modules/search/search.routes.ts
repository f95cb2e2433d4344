import { ErrorResponse, SearchRequest, SearchResponse } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchItem } from '@portal/contracts';
import { memoryCache } from '../../lib/cache.ts';
import { DICTIONARY_TTL_MS, loadDictionary, search, type Dictionary } from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // Answers depend on the body only (never on who asks), so equal bodies within seconds share one.
  const answers = memoryCache<SearchItem[]>({ name: 'search', ttlMs: app.config.SEARCH_CACHE_SECONDS * 1000, max: 1000 });
  const dictionaries = memoryCache<Dictionary>({ name: 'search-dictionary', ttlMs: DICTIONARY_TTL_MS, max: 1 });
  const dictionary = () => dictionaries.fetch('dictionary', () => loadDictionary(app.db));

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
      return answers.fetch(JSON.stringify(body), () => search(app.db, body, dictionary));
    },
  );
};
