import { CatalogFeed, CatalogItem, CatalogSlugParams, CategoryList, ErrorResponse, ServiceChangeLog } from '@portal/contracts';
import { htmlToText } from '@portal/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error.ts';
import { iso } from '../../lib/rows.ts';
import { renderServicePdf } from './catalog.pdf.ts';
import * as repository from './catalog.repository.ts';
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

  // The federal portal's harvest of the states' catalogs.
  app.get(
    '/v1/catalog/feed',
    { config: { publicCache: {} }, schema: { tags: ['catálogo'], summary: 'O catálogo no formato que o portal federal colhe dos estados (id, nome, descrição, endereço, órgão, nomes populares, palavras-chave)', response: { 200: CatalogFeed } } },
    async () => {
      const origin = publicOrigin(app.config);
      const base = app.config.BASE_PATH === '/' ? '' : app.config.BASE_PATH;
      const rows = await repository.feedRows(app.db);
      return {
        generatedAt: new Date().toISOString(),
        services: rows.map((row) => ({
          id: String(row.id),
          name: row.title,
          description: htmlToText(row.description).trim(),
          url: `${origin}${base}/${row.category}/${row.slug}`,
          organization: { name: row.departmentName, shortName: row.departmentShortName, url: row.departmentLink },
          popularNames: row.popularNames,
          keywords: row.tags,
          updatedAt: iso(row.updatedAt),
        })),
      };
    },
  );

  // Public: the service page's 'O que mudou' (kept in the public cache; publishing invalidates it).
  app.get(
    '/v1/catalog/:slug/mudancas',
    {
      config: { publicCache: {} },
      schema: { tags: ['catálogo'], summary: 'O que mudou nos dados principais de um serviço (custo, prazo, documentos, unidades)', params: CatalogSlugParams, response: { 200: ServiceChangeLog, 400: ErrorResponse, 404: ErrorResponse } },
    },
    async (request) => {
      const log = await repository.changeLog(app.db, request.params.slug);
      if (!log) throw notFound('Serviço não encontrado.');
      app.publicCache.tag(request, `service:${log.serviceId}`);
      return { changes: log.entries.map((entry) => ({ publishedAt: iso(entry.publishedAt), changes: entry.changes })) };
    },
  );
};
