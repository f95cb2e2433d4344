import { BestBets, BestBetsQuery, ErrorResponse, SearchRequest, SearchResponse, SearchSuggestions, SearchSuggestionsQuery } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memoryCache } from '../../lib/cache.ts';
import { keepableQuery, searchDemand } from './search.demand.ts';
import { bestBetsFor, cachedDictionary, DICTIONARY_TTL_MS, search } from './search.service.ts';
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
      // A search none of whose results answers it is a miss too (issue 25): the state has no service for it.
      if (!found.some((item) => item.answers !== false) && body.query && !body.from && !body.top_hit) {
        const query = keepableQuery(body.query);
        if (query) app.publicCache.effect(request, 'search-miss', query);
      }
      return found;
    },
  );

  app.get(
    '/v1/search/best-bets',
    {
      config: { publicCache: {} },
      schema: {
        tags: ['busca'],
        summary: 'Respostas diretas: quem oferece o que foi buscado quando não é o Governo do Piauí (outro governo ou uma empresa), e onde',
        querystring: BestBetsQuery,
        response: { 200: BestBets, 400: ErrorResponse },
      },
    },
    async (request) =>
      bestBetsFor(request.query.q, await dictionary()).map(({ id, title, provider, description, url }) => ({ id, title, provider, description, url, external: !url.startsWith('/') })),
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
