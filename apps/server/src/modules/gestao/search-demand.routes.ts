import { ErrorResponse, GestaoService, GestaoServiceParams, PopularNameRequest, SearchMisses, ServiceSearchDemand, TestQueryRequest } from '@portal/contracts';
import { htmlToText, todayInPiaui } from '@portal/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import * as demand from '../search/search.demand.ts';
import { cachedDictionary, search } from '../search/search.service.ts';
import { contentOf, factsOf, type GestaoContext } from './gestao.context.ts';
import * as repository from './gestao.repository.ts';
import { departmentsOf } from './roles.ts';
import { versions } from './versions.workflow.ts';

/**
 * What citizens search for, as a department reads it (issue 15): the searches that led to each service and those
 * that found nothing, the service's test searches, and a search's words proposed as a popular name (which goes
 * through review like any change).
 */
export const searchDemandRoutes: FastifyPluginAsyncZod<{ g: GestaoContext }> = async (app, { g }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['gestão'];
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };

  /** The searches that led to the service, and its test searches with its place in the live results of each. */
  const demandOf = async (service: repository.ServiceRef): Promise<ServiceSearchDemand> => {
    const [arrivals, tests] = await Promise.all([demand.arrivalsOf(app.db, service.id, todayInPiaui()), demand.testQueries(app.db, service.id)]);
    const dictionary = cachedDictionary(app.db);
    const positions = await Promise.all(
      tests.map(async (test) => {
        const found = await search(app.db, { query: test.query, groups: ['CATALOG'] }, dictionary);
        const index = found.findIndex((item) => item.id === String(service.id));
        return index < 0 ? null : index + 1;
      }),
    );
    return { days: demand.DEMAND_DAYS, arrivals, tests: tests.map((test, i) => ({ ...test, position: positions[i]! })) };
  };


  app.get(
    '/v1/gestao/servicos/:id/buscas',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'O que os cidadãos buscaram antes de abrir o serviço, e as buscas de teste dele', params: GestaoServiceParams, response: { 200: ServiceSearchDemand, ...errors } } },
    async (request) => demandOf((await g.serviceFor(request, request.params.id)).service),
  );

  app.get(
    '/v1/gestao/buscas-sem-resultado',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Buscas sem resposta: nenhum serviço encontrado, ou nenhum que responda ao que foi buscado (só palavras parecidas)', response: { 200: SearchMisses, ...errors } } },
    async (request) => {
      return { days: demand.DEMAND_DAYS, misses: await demand.missesSince(app.db, todayInPiaui(), departmentsOf(g.staffFor(request))) };
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/buscas-de-teste',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Acrescentar uma busca de teste ao serviço', params: GestaoServiceParams, body: TestQueryRequest, response: { 200: ServiceSearchDemand, ...errors } } },
    async (request) => {
      const { staff, service } = await g.serviceFor(request, request.params.id);
      g.requireEdit(staff, service);
      const query = demand.keepableQuery(request.body.query);
      if (!query) throw badRequest('Busca de teste: use palavras, sem CPF, telefone ou e-mail.');
      if (!(await demand.addTestQuery(app.db, service.id, query, staff.name))) throw conflict(`O serviço já tem a busca de teste "${query}".`);
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'busca_de_teste_incluida', serviceId: service.id, departmentId: service.departmentId, detail: { query } });
      return demandOf(service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/buscas-de-teste/remover',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Retirar uma busca de teste do serviço', params: GestaoServiceParams, body: TestQueryRequest, response: { 200: ServiceSearchDemand, ...errors } } },
    async (request) => {
      const { staff, service } = await g.serviceFor(request, request.params.id);
      g.requireEdit(staff, service);
      const query = demand.keepableQuery(request.body.query) ?? '';
      if (!(await demand.removeTestQuery(app.db, service.id, query))) throw notFound(`O serviço não tem a busca de teste "${request.body.query}".`);
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'busca_de_teste_retirada', serviceId: service.id, departmentId: service.departmentId, detail: { query } });
      return demandOf(service);
    },
  );

  app.post(
    '/v1/gestao/servicos/:id/nome-popular',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Propor um nome popular (de uma busca): entra no rascunho do serviço e passa pela revisão', params: GestaoServiceParams, body: PopularNameRequest, response: { 200: GestaoService, ...errors } },
    },
    async (request) => {
      const { staff, service } = await g.serviceFor(request, request.params.id);
      g.requireEdit(staff, service);
      const name = request.body.name;
      const open = await repository.openVersion(app.db, service.id);
      // A popular name goes into the draft: a change with the review waits (the page says so before the click).
      if (open && !versions.can('salvar', staff, factsOf(open, service))) {
        throw conflict('Esta alteração está com a revisão: proponha o nome popular quando ela for devolvida ou publicada.');
      }
      const content = open ? contentOf(open) : await repository.liveContent(app.db, service.id);
      const same = (a: string) => htmlToText(a).trim().toLowerCase() === name.toLowerCase();
      if (content.popularNames.some(same) || same(content.title)) throw conflict(`"${name}" já é o título ou um nome popular deste serviço.`);
      const proposed = { ...content, popularNames: [...content.popularNames, name] };
      const version = open ? await g.saveDraft(open, staff, proposed) : await g.newDraft(staff, service, proposed);
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'nome_popular_proposto', serviceId: service.id, versionId: version.id, departmentId: service.departmentId, detail: { name } });
      return g.answer(staff, service);
    },
  );
};
