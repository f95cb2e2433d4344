import { ErrorResponse, FavoritesResponse, SetFavoriteRequest } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error.ts';
import { favoriteSlugs } from '../../lib/favorite-slugs.ts';
import * as repository from './favorites.repository.ts';

export const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];

  app.post(
    '/v1/catalog/setFavorite',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['favoritos'],
        summary: 'Favoritar ou desfavoritar um serviço (remove = estado atual da estrela)',
        security,
        body: SetFavoriteRequest,
        response: { 200: FavoritesResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const user = request.user!;
      const { slug, remove } = request.body;
      const serviceId = await repository.findServiceId(app.db, slug);
      if (serviceId == null) throw notFound('Serviço não encontrado.');
      await repository.setFavorite(app.db, user.sub, serviceId, !remove);
      return { slug, favorite: !remove, favorites: await favoriteSlugs(app.db, user.sub) };
    },
  );

  app.get(
    '/v1/catalog/favorites',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['favoritos'],
        summary: 'Os serviços favoritos de quem chama',
        security,
        response: { 200: FavoritesResponse, 401: ErrorResponse },
      },
    },
    async (request) => ({ favorites: await favoriteSlugs(app.db, request.user!.sub) }),
  );
};
