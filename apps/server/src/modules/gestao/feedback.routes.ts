import { BrokenLinks, ErrorResponse, FEEDBACK_STATES, FeedbackInbox, FeedbackParams, FeedbackUpdate } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { iso } from '../../lib/rows.ts';
import type { GestaoContext } from './gestao.context.ts';
import * as repository from './gestao.repository.ts';
import { brokenLinks, lastCheck } from './link-checker.ts';
import { departmentsOf } from './roles.ts';
import { WAS_PUBLISHED } from './versions.workflow.ts';

/**
 * What comes back to a department about its services (issue 15): the Simplifique suggestions and the ratings
 * (the feedback inbox), and the links the checker found broken, with 'verificar agora' (issue 26).
 */
export const feedbackRoutes: FastifyPluginAsyncZod<{ g: GestaoContext }> = async (app, { g }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['gestão'];
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };

  app.get(
    '/v1/gestao/links',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Links quebrados dos serviços de quem chama, segundo o verificador de links', response: { 200: BrokenLinks, ...errors } } },
    async (request) => ({
      links: await brokenLinks(app.db, departmentsOf(g.staffFor(request))),
      checker: { everyHours: app.config.LINK_CHECK_HOURS || null, lastCheckedAt: await lastCheck(app.db) },
    }),
  );

  app.post(
    '/v1/gestao/links/verificar',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Verificar os links agora (o verificador roda em segundo plano, um de cada vez)', response: { 202: ErrorResponse.pick({ message: true }), ...errors } } },
    async (request, reply) => {
      g.staffFor(request);
      await app.editorial.checkLinksSoon();
      return reply.code(202).send({ message: 'Verificação pedida: os links são visitados em segundo plano, e a lista se atualiza quando terminar.' });
    },
  );
  app.get(
    '/v1/gestao/retorno',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Caixa de retorno: sugestões do Simplifique sobre os serviços de quem chama, e as avaliações', response: { 200: FeedbackInbox, ...errors } } },
    async (request) => {
      const scope = departmentsOf(g.staffFor(request));
      const service = (row: { serviceId: number; serviceTitle: string; departmentShortName: string }) => ({ id: row.serviceId, title: row.serviceTitle, department: row.departmentShortName });
      return {
        suggestions: (await repository.suggestionsAbout(app.db, scope)).map((row) => ({
          id: row.id,
          protocol: row.protocol,
          subject: row.subject,
          service: service(row),
          named: row.named,
          message: row.message,
          createdAt: iso(row.createdAt),
          status: (row.status ?? 'novo') as (typeof FEEDBACK_STATES)[number],
          versionId: row.versionId,
        })),
        ratings: (await repository.ratingsOf(app.db, scope)).map((row) => ({ service: { id: row.id, title: row.title, department: row.department }, count: row.count, average: row.average, low: row.low })),
      };
    },
  );

  app.post(
    '/v1/gestao/retorno/:id',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Mudar a situação de uma sugestão (e a versão que a resolveu)', params: FeedbackParams, body: FeedbackUpdate, response: { 200: FeedbackInbox.shape.suggestions.element, ...errors } } },
    async (request) => {
      const staff = g.staffFor(request);
      const [row] = await repository.suggestionsAbout(app.db, departmentsOf(staff), request.params.id);
      if (!row) throw notFound('Sugestão não encontrada entre as dos serviços do seu órgão.');
      const { status, versionId } = request.body;
      if (versionId !== undefined) {
        const version = await repository.findVersion(app.db, row.serviceId, versionId);
        if (!version || !WAS_PUBLISHED.includes(version.state)) throw badRequest('A versão informada não é uma versão publicada deste serviço.');
      }
      await repository.setFeedbackStatus(app.db, row.id, status, versionId ?? null, staff.sub);
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'retorno_atualizado', serviceId: row.serviceId, detail: { suggestion: row.protocol, status, versionId: versionId ?? null } });
      return { id: row.id, protocol: row.protocol, subject: row.subject, service: { id: row.serviceId, title: row.serviceTitle, department: row.departmentShortName }, named: row.named, message: row.message, createdAt: iso(row.createdAt), status, versionId: versionId ?? null };
    },
  );
};
