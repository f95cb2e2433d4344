import { CatalogItem, CatalogSlugParams, CategoryList, ErrorResponse } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderServicePdf } from './catalog.pdf.ts';
import * as service from './catalog.service.ts';
import { viewCounter } from './catalog.views.ts';
import { publicOrigin } from '../../plugins/config.ts';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/category',
    {
      config: { publicCache: {} },
      schema: {
        tags: ['catálogo'],
        summary: 'Categorias de serviços (subcategorias em __categories__)',
        response: { 200: CategoryList },
      },
    },
    async () => service.categoryTree(app.db),
  );

  // A view counts on every answer, cached or not (and on every cached hit of a page that shows the service).
  const views = viewCounter(app);
  app.publicCache.onEffect('catalog-view', views.count);
  app.get(
    '/v1/catalog/:slug/load',
    {
      config: { publicCache: {} },
      onResponse: (request, reply, done) => {
        if (reply.statusCode === 200) app.publicCache.effect(request, 'catalog-view', request.params.slug);
        done();
      },
      schema: {
        tags: ['catálogo'],
        summary: 'Detalhe de um serviço',
        params: CatalogSlugParams,
        response: { 200: CatalogItem, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const item = await service.loadService(app.db, request.params.slug);
      app.publicCache.tag(request, `service:${item.id}`);
      return item;
    },
  );

  app.get(
    '/v1/catalog/:slug/pdf',
    {
      config: { publicCache: {} },
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
      app.publicCache.tag(request, `service:${item.id}`);
      // The public address, never the Host header: a forged Host must not end up in a printed sheet's link.
      const pageUrl = `${publicOrigin(app.config)}${app.config.BASE_PATH.replace(/\/$/, '')}/${item.category.slug}/${item.slug}`;
      const pdf = await renderServicePdf(item, pageUrl);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${item.slug}.pdf"`)
        .send(pdf);
    },
  );
};
