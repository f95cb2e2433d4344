import {
  DepartmentPageContent,
  ErrorResponse,
  GestaoDepartmentPage,
  GestaoDepartmentParams,
  GestaoUnitParams,
  UnitContent,
  UnitProposalParams,
  UnitProposalRefusal,
  UnitProposalRequest,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, forbidden, notFound } from '../../lib/http-error.ts';
import { iso } from '../../lib/rows.ts';
import { transition } from '../../lib/workflow.ts';
import { unitChanges } from './compare.ts';
import type { GestaoContext } from './gestao.context.ts';
import * as departmentRepository from './departments.repository.ts';
import * as repository from './gestao.repository.ts';
import { canEdit, canRead, canReview, notYours, type Staff } from './roles.ts';
import { UNIT_PROPOSAL_TABLE, unitProposals } from './unit-proposals.workflow.ts';

/** A department's own page and its units (issue 15): its reviewers change them; its editors propose, a reviewer applies. */
export const departmentsRoutes: FastifyPluginAsyncZod<{ g: GestaoContext }> = async (app, { g }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['gestão'];
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };

  /** A department's page and units: any of its staff read them; those who publish (reviewers, central team) change them. */
  const departmentFor = async (request: FastifyRequest, slug: string, change = false) => {
    const staff = g.staffFor(request);
    if (!canRead(staff, slug)) throw notYours();
    if (change && !canReview(staff, slug)) throw forbidden('A página do órgão e as unidades são alteradas por quem revisa os serviços deste órgão.');
    const found = await departmentRepository.departmentPage(app.db, slug);
    if (!found) throw notFound('Órgão não encontrado.');
    return { staff, ...found };
  };
  const pageAnswer = async (staff: Staff, slug: string): Promise<GestaoDepartmentPage> => {
    const { department, units } = (await departmentRepository.departmentPage(app.db, slug))!;
    const proposals = await departmentRepository.unitProposalsOf(app.db, department.id, staff.sub);
    return {
      slug: department.slug,
      shortName: department.shortName,
      page: { name: department.name, description: department.description, mission: department.mission, vision: department.vision, values: department.values, link: department.link },
      units: units.map((u) => ({
        slug: u.slug,
        name: u.name,
        address: u.address,
        district: u.district,
        complement: u.complement,
        postalCode: u.postalCode,
        city: u.city,
        openingTime: u.openingTime,
        phone: u.phone,
        latitude: u.latitude,
        longitude: u.longitude,
        active: u.active,
      })),
      can: { edit: canReview(staff, slug), propose: canEdit(staff, slug) && !canReview(staff, slug) },
      proposals: proposals.map((proposal) => {
        const current = units.find((u) => u.slug === proposal.unitSlug);
        const proposed = proposal.content as unknown as UnitContent;
        return {
          id: proposal.id,
          unit: proposal.unitSlug,
          unitName: current?.name ?? proposed.name,
          changes: unitChanges(current ?? null, proposed),
          proposedByName: proposal.proposedByName,
          createdAt: iso(proposal.createdAt),
          state: proposal.state as (typeof unitProposals.states)[number],
          comment: proposal.comment,
          own: proposal.proposedBy === staff.sub,
        };
      }),
    };
  };


  app.post(
    '/v1/gestao/orgaos/:slug/propostas',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Propor uma alteração de unidade, ou uma unidade nova (quem edita; quem revisa aplica)', params: GestaoDepartmentParams, body: UnitProposalRequest, response: { 200: GestaoDepartmentPage, ...errors } },
    },
    async (request) => {
      const { staff, department, units } = await departmentFor(request, request.params.slug);
      if (!canEdit(staff, department.slug)) throw forbidden('Propor alterações de unidades cabe a quem edita os serviços deste órgão.');
      const { unit, content } = request.body;
      if (unit && !units.some((u) => u.slug === unit)) throw notFound('Unidade não encontrada neste órgão.');
      const current = units.find((u) => u.slug === unit) ?? null;
      if (current && !unitChanges(current, content).length) throw badRequest('Nada mudou nesta unidade: altere algum campo antes de propor.');
      const proposal = await departmentRepository.insertUnitProposal(app.db, {
        departmentId: department.id,
        unitSlug: unit || null,
        content: content as unknown as Record<string, unknown>,
        proposedBy: staff.sub,
        proposedByName: staff.name,
      });
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'unidade_proposta', departmentId: department.id, detail: { proposal: proposal.id, unit: unit || null } });
      return pageAnswer(staff, department.slug);
    },
  );

  app.post(
    '/v1/gestao/orgaos/:slug/propostas/:id/aplicar',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Aplicar uma proposta de alteração de unidade (quem revisa)', params: UnitProposalParams, response: { 200: GestaoDepartmentPage, ...errors } } },
    async (request) => {
      const { staff, department } = await departmentFor(request, request.params.slug, true);
      const proposal = await departmentRepository.findUnitProposal(app.db, department.id, request.params.id);
      if (!proposal) throw notFound('Proposta não encontrada neste órgão.');
      const facts = { state: proposal.state, departmentSlug: department.slug, proposedBy: proposal.proposedBy };
      unitProposals.check('aplicar', staff, facts);
      await transition(app.db, unitProposals, UNIT_PROPOSAL_TABLE, proposal.id, 'aplicar', { reviewedBy: staff.sub, reviewedAt: new Date() });
      const content = UnitContent.parse(proposal.content);
      const unit = proposal.unitSlug
        ? ((await departmentRepository.updateUnit(app.db, department.id, proposal.unitSlug, content)) ? proposal.unitSlug : null)
        : await departmentRepository.insertUnit(app.db, department.id, department.slug, content);
      if (!unit) throw notFound('A unidade desta proposta não existe mais.');
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'proposta_aplicada', departmentId: department.id, detail: { proposal: proposal.id, unit, ...content } });
      await app.publicCache.invalidate();
      return pageAnswer(staff, department.slug);
    },
  );

  app.post(
    '/v1/gestao/orgaos/:slug/propostas/:id/recusar',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Recusar uma proposta de alteração de unidade, dizendo por quê (quem revisa)', params: UnitProposalParams, body: UnitProposalRefusal, response: { 200: GestaoDepartmentPage, ...errors } },
    },
    async (request) => {
      const { staff, department } = await departmentFor(request, request.params.slug, true);
      const proposal = await departmentRepository.findUnitProposal(app.db, department.id, request.params.id);
      if (!proposal) throw notFound('Proposta não encontrada neste órgão.');
      unitProposals.check('recusar', staff, { state: proposal.state, departmentSlug: department.slug, proposedBy: proposal.proposedBy });
      await transition(app.db, unitProposals, UNIT_PROPOSAL_TABLE, proposal.id, 'recusar', { reviewedBy: staff.sub, reviewedAt: new Date(), comment: request.body.comment });
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'proposta_recusada', departmentId: department.id, detail: { proposal: proposal.id, comment: request.body.comment } });
      return pageAnswer(staff, department.slug);
    },
  );

  app.get(
    '/v1/gestao/orgaos/:slug',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'A página de um órgão e as suas unidades', params: GestaoDepartmentParams, response: { 200: GestaoDepartmentPage, ...errors } } },
    async (request) => {
      const { staff } = await departmentFor(request, request.params.slug);
      return pageAnswer(staff, request.params.slug);
    },
  );

  app.put(
    '/v1/gestao/orgaos/:slug',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Alterar a página do órgão (missão, visão, valores, site)', params: GestaoDepartmentParams, body: DepartmentPageContent, response: { 200: GestaoDepartmentPage, ...errors } } },
    async (request) => {
      const { staff, department } = await departmentFor(request, request.params.slug, true);
      await departmentRepository.updateDepartment(app.db, department.id, request.body);
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'orgao_alterado', departmentId: department.id, detail: { ...request.body } });
      await app.publicCache.invalidate();
      return pageAnswer(staff, department.slug);
    },
  );

  app.put(
    '/v1/gestao/orgaos/:slug/unidades/:unit',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Alterar uma unidade (endereço, horário, mapa)', params: GestaoUnitParams, body: UnitContent, response: { 200: GestaoDepartmentPage, ...errors } } },
    async (request) => {
      const { staff, department } = await departmentFor(request, request.params.slug, true);
      if (!(await departmentRepository.updateUnit(app.db, department.id, request.params.unit, request.body))) throw notFound('Unidade não encontrada neste órgão.');
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'unidade_alterada', departmentId: department.id, detail: { unit: request.params.unit, ...request.body } });
      await app.publicCache.invalidate();
      return pageAnswer(staff, department.slug);
    },
  );

  app.post(
    '/v1/gestao/orgaos/:slug/unidades',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Incluir uma unidade do órgão', params: GestaoDepartmentParams, body: UnitContent, response: { 200: GestaoDepartmentPage, ...errors } } },
    async (request) => {
      const { staff, department } = await departmentFor(request, request.params.slug, true);
      const unit = await departmentRepository.insertUnit(app.db, department.id, department.slug, request.body);
      await repository.audit(app.db, { ...g.actor(request, staff), action: 'unidade_incluida', departmentId: department.id, detail: { unit, ...request.body } });
      await app.publicCache.invalidate();
      return pageAnswer(staff, department.slug);
    },
  );
};
