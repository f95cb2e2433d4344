import { ErrorResponse, SearchRequest, SearchResponse, SearchSuggestions, SearchSuggestionsQuery } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memoryCache } from '../../lib/cache.ts';
import { keepableQuery, searchDemand } from './search.demand.ts';
import { cachedDictionary, DICTIONARY_TTL_MS, search } from './search.service.ts';
import { loadSuggestionIndex, suggest, type SuggestionIndex } from './suggestions.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const dictionary = cachedDictionary(app.db);
  const indexes = memoryCache<SuggestionIndex>({ name: 'search-suggestions', ttlMs: DICTIONARY_TTL_MS, max: 1 });
  const suggestionIndex = () => indexes.fetch('index', () => loadSuggestionIndex(app.db));

  // What citizens search for and where it takes them, for the back office (issue 15): counted on every answer,
  // cached or not, as views are.
  const demand = searchDemand(app);
  app.publicCache.onEffect('search-miss', demand.missed);
  app.publicCache.onEffect('catalog-view', demand.viewed);

  app.post(
    '/v1/search',
    {
      // Answers depend on the body only (never on who asks): equal bodies share one public copy.
      config: { publicCache: { body: true } },
      schema: {
        tags: ['busca'],
        summary: 'Busca de serviços: palavra-chave, categoria, órgão, público, destaques e mais acessados',
        body: SearchRequest,
        response: { 200: SearchResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      const found = await search(app.db, body, dictionary);
      if (!found.length && body.query && !body.from && !body.top_hit) {
        const query = keepableQuery(body.query);
        if (query) app.publicCache.effect(request, 'search-miss', query);
      }
      return found;
    },
  );

  app.get(
    '/v1/search/suggestions',
    {
      config: { publicCache: {} },
      schema: {
        tags: ['busca'],
        summary: 'Sugestões enquanto se digita: serviços cujo título ou nome popular começa pelo texto, e a correção do texto',
        querystring: SearchSuggestionsQuery,
        response: { 200: SearchSuggestions, 400: ErrorResponse },
      },
    },
    async (request) => {
      const [index, words] = await Promise.all([suggestionIndex(), dictionary()]);
      return suggest(index, words, request.query.q, request.query.size ?? 6);
    },
  );
};
