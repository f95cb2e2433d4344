import { ErrorResponse, RecommendationParams, RecommendationsResponse } from '@portal/contracts';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memoryCache } from '../../lib/cache.ts';
import { forbidden } from '../../lib/http-error.ts';
import type { ServiceFeatures } from './recommendations.ranker.ts';
import * as service from './recommendations.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Forgets a citizen's recommendations in this process ('Meus dados': the history they came from was erased). */
    forgetRecommendations(sub: string): Promise<void>;
  }
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const catalogFeatures = memoryCache<Map<number, ServiceFeatures>>({ name: 'recommendation-features', ttlMs: service.FEATURES_TTL_MS, max: 1 });
  const features = () => catalogFeatures.fetch('features', () => service.loadFeatures(app.db));
  // A citizen's recommendations move with what they and others used, not from one page to the next: each process
  // keeps them a minute per citizen (their id, never a name, as the key), so a logged-in home does not rank the
  // catalog again on every visit. Nothing is shared between processes or citizens.
  const recommendations = memoryCache<RecommendationsResponse>({ name: 'recommendations', ttlMs: service.FEATURES_TTL_MS, max: 10_000 });
  app.decorate('forgetRecommendations', (sub: string) => recommendations.delete(sub));

  app.get(
    '/api/recommendations/recommend_services/:username',
    {
      // Unlike the live API, only the citizen may read their own recommendations (issue 6).
      preHandler: app.requireUser,
      schema: {
        tags: ['recomendações'],
        summary: 'Serviços recomendados a quem chama e serviços que usava e foram desativados',
        security: [{ bearerAuth: [] }],
        params: RecommendationParams,
        response: { 200: RecommendationsResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      const user = request.user!;
      if (request.params.username.toLowerCase() !== user.username.toLowerCase()) {
        throw forbidden('Você só pode consultar as suas próprias recomendações.');
      }
      return recommendations.fetch(user.sub, () => service.recommend(app.db, user.sub, features));
    },
  );
};

/** Its decoration is the whole app's (fastify-plugin): 'Meus dados' forgets a citizen's recommendations through it. */
export const recommendationsRoutes = fp(routes);
