import { ErrorResponse, NotaPiauienseResponse } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './nota-piauiense.service.ts';

export const notaPiauienseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/govpicidadao-middleware/sefaz/nota-piauiense/lista-notas',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['nota piauiense'],
        summary: 'Saldo da Nota Piauiense e notas de quem chama',
        security: [{ bearerAuth: [] }],
        response: { 200: NotaPiauienseResponse, 401: ErrorResponse },
      },
    },
    async (request) => service.statement(app.db, request.user!.sub),
  );
};
