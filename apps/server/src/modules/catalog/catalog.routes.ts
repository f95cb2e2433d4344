import { CatalogItem, CatalogSlugParams, CategoryList, ErrorResponse } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderServicePdf } from './catalog.pdf.ts';
import * as service from './catalog.service.ts';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/category',
    {
      schema: {
        tags: ['catálogo'],
        summary: 'Categorias de serviços (subcategorias em __categories__)',
        response: { 200: CategoryList },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=600');
      return service.categoryTree(app.db);
    },
  );

  app.get(
    '/v1/catalog/:slug/load',
    {
      schema: {
        tags: ['catálogo'],
        summary: 'Detalhe de um serviço',
        params: CatalogSlugParams,
        response: { 200: CatalogItem, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => service.loadService(app.db, request.params.slug, request.user?.sub ?? null),
  );

  app.get(
    '/v1/catalog/:slug/pdf',
    {
      schema: {
        tags: ['catálogo'],
        summary: 'Carta de serviço em PDF',
        params: CatalogSlugParams,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('PDF'), 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const item = await service.serviceForPrint(app.db, request.params.slug);
      const origin = `${request.protocol}://${request.host}`;
      const pageUrl = `${origin}${app.config.BASE_PATH.replace(/\/$/, '')}/${item.category.slug}/${item.slug}`;
      const pdf = await renderServicePdf(item, pageUrl);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${item.slug}.pdf"`)
        .header('cache-control', 'public, max-age=300')
        .send(pdf);
    },
  );
};
