import {
  AuditLog,
  BestBetRemoval,
  BestBetRequest,
  CatalogSettings,
  CategoryContent,
  CategoryParams,
  ConsistencyReport,
  ErrorResponse,
  HighlightRequest,
  MergeDocumentsRequest,
  MergeDocumentsResult,
  MergeUnitsRequest,
  MergeUnitsResult,
  SynonymRemoval,
  SynonymRequest,
} from '@portal/contracts';
import { normalizeSearchText, type Database } from '@portal/db';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, forbidden, notFound } from '../../lib/http-error.ts';
import { iso, pgArray, rows } from '../../lib/rows.ts';
import { forgetDictionary } from '../search/search.service.ts';
import * as consistency from './consistency.ts';
import * as repository from './gestao.repository.ts';
import { staffOf, type Staff } from './roles.ts';
import { versions } from './versions.workflow.ts';

// What only the central team reads and changes (issue 15): the audit log, consistency across the catalog, and
// categories, search synonyms and highlighted services. Each change is audited and reaches citizens at once
// (every instance's public copies are invalidated); search reads synonyms through its dictionary, which each
// process keeps a minute (search.service.ts).

function settings(db: Database) {
  return Promise.all([
    rows<CatalogSettings['categories'][number]>(
      db,
      sql`select c.slug, c.name, c.description, c.hidden, c.order_index as "orderIndex", c.audience,
                 (select count(*)::int from services s where s.category_id = c.id) as services
          from categories c order by c.order_index, c.name`,
    ),
    rows<CatalogSettings['synonyms'][number]>(db, sql`select term, expansion from search_synonyms order by term`),
    rows<CatalogSettings['bestBets'][number]>(db, sql`select id, terms, title, provider, description, url from search_best_bets order by title, id`),
    rows<CatalogSettings['highlighted'][number]>(
      db,
      sql`select s.id, s.slug, s.title, d.short_name as department from services s join departments d on d.id = s.department_id
          where s.highlighted order by s.title`,
    ),
  ]).then(([categories, synonyms, bestBets, highlighted]) => ({ categories, synonyms, bestBets, highlighted }));
}

/** A slug made from a name ('Meio ambiente' → 'meio-ambiente'), unique among categories. */
async function newCategorySlug(db: Database, name: string) {
  const base = normalizeSearchText(name).replace(/\s+/g, '-').slice(0, 80).replace(/-+$/, '') || 'categoria';
  const taken = new Set((await rows<{ slug: string }>(db, sql`select slug from categories where slug like ${`${base}%`}`)).map((r) => r.slug));
  for (let n = 1; ; n++) if (!taken.has(n === 1 ? base : `${base}-${n}`)) return n === 1 ? base : `${base}-${n}`;
}

export const centralRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['gestão'];
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

  const centralTeam = (request: FastifyRequest) => {
    const staff = staffOf(request.user);
    if (!staff.admin) throw forbidden('Esta parte da gestão é da equipe central: auditoria, consistência do catálogo, categorias, sinônimos, respostas diretas e destaques.');
    return staff;
  };
  const actor = (request: FastifyRequest, staff: Staff) => ({ actorSub: staff.sub, actorName: staff.name, address: request.ip });
  /** Audits the change and makes it what citizens read, on every instance. */
  const changed = async (request: FastifyRequest, staff: Staff, action: string, detail: Record<string, unknown>) => {
    await repository.audit(app.db, { ...actor(request, staff), action, detail });
    await app.publicCache.invalidate();
    return settings(app.db);
  };
  const answer = { 200: CatalogSettings, ...errors };

  app.get(
    '/v1/gestao/catalogo',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Categorias, sinônimos da busca e serviços em destaque (equipe central)', response: answer } },
    async (request) => {
      centralTeam(request);
      return settings(app.db);
    },
  );

  app.post(
    '/v1/gestao/categorias',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Criar uma categoria', body: CategoryContent, response: answer } },
    async (request) => {
      const staff = centralTeam(request);
      const { name, description, hidden, orderIndex } = request.body;
      const slug = await newCategorySlug(app.db, name);
      await app.db.execute(sql`insert into categories (slug, name, description, hidden, order_index) values (${slug}, ${name}, ${description}, ${hidden}, ${orderIndex})`);
      return changed(request, staff, 'categoria_criada', { slug, name });
    },
  );

  app.put(
    '/v1/gestao/categorias/:slug',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Alterar uma categoria (nome, descrição, ordem, oculta)', params: CategoryParams, body: CategoryContent, response: answer } },
    async (request) => {
      const staff = centralTeam(request);
      const { name, description, hidden, orderIndex } = request.body;
      const updated = await rows(
        app.db,
        sql`update categories set name = ${name}, description = ${description}, hidden = ${hidden}, order_index = ${orderIndex} where slug = ${request.params.slug} returning 1`,
      );
      if (!updated.length) throw notFound('Categoria não encontrada.');
      // The category's name is part of its services' search words.
      await app.db.execute(sql`select refresh_service_search(array(select s.id from services s join categories c on c.id = s.category_id where c.slug = ${request.params.slug}))`);
      return changed(request, staff, 'categoria_alterada', { slug: request.params.slug, name, hidden });
    },
  );

  app.post(
    '/v1/gestao/sinonimos',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Acrescentar ou mudar um sinônimo da busca (o que um termo significa no catálogo)', body: SynonymRequest, response: answer } },
    async (request) => {
      const staff = centralTeam(request);
      const term = normalizeSearchText(request.body.term);
      if (!term) throw badRequest('Termo: use letras ou números.');
      const { expansion } = request.body;
      await app.db.execute(sql`insert into search_synonyms (term, expansion) values (${term}, ${expansion}) on conflict (term) do update set expansion = excluded.expansion`);
      await app.db.execute(sql`select refresh_search_lexicon()`);
      await forgetDictionary(app.db);
      return changed(request, staff, 'sinonimo_salvo', { term, expansion });
    },
  );

  app.post(
    '/v1/gestao/sinonimos/remover',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Retirar um sinônimo da busca', body: SynonymRemoval, response: answer } },
    async (request) => {
      const staff = centralTeam(request);
      const term = normalizeSearchText(request.body.term);
      if (!(await rows(app.db, sql`delete from search_synonyms where term = ${term} returning 1`)).length) throw notFound('Sinônimo não encontrado.');
      await app.db.execute(sql`select refresh_search_lexicon()`);
      await forgetDictionary(app.db);
      return changed(request, staff, 'sinonimo_retirado', { term });
    },
  );

  // Best bets (issue 25): what another government or a company provides, shown where a search names it. Read by
  // the search through its dictionary, as synonyms are; their words are never 'corrected' into the catalog's.
  app.post(
    '/v1/gestao/respostas-diretas',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Criar ou alterar uma resposta direta da busca: quem oferece o que o Estado não oferece, e onde', body: BestBetRequest, response: answer },
    },
    async (request) => {
      const staff = centralTeam(request);
      const { id, title, provider, description, url } = request.body;
      const terms = [...new Set(request.body.terms.map(normalizeSearchText).filter((term) => term.length >= 2))];
      if (!terms.length) throw badRequest('Termos: use letras ou números.');
      if (id) {
        const updated = await rows(
          app.db,
          sql`update search_best_bets set terms = ${pgArray(terms)}::text[], title = ${title}, provider = ${provider}, description = ${description}, url = ${url}, updated_at = now()
              where id = ${id} returning 1`,
        );
        if (!updated.length) throw notFound('Resposta direta não encontrada.');
      } else {
        await app.db.execute(
          sql`insert into search_best_bets (terms, title, provider, description, url) values (${pgArray(terms)}::text[], ${title}, ${provider}, ${description}, ${url})`,
        );
      }
      await forgetDictionary(app.db);
      return changed(request, staff, id ? 'resposta_direta_alterada' : 'resposta_direta_criada', { id, title, provider, terms, url });
    },
  );

  app.post(
    '/v1/gestao/respostas-diretas/remover',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Retirar uma resposta direta da busca', body: BestBetRemoval, response: answer } },
    async (request) => {
      const staff = centralTeam(request);
      const removed = await rows<{ title: string }>(app.db, sql`delete from search_best_bets where id = ${request.body.id} returning title`);
      if (!removed.length) throw notFound('Resposta direta não encontrada.');
      await forgetDictionary(app.db);
      return changed(request, staff, 'resposta_direta_retirada', { id: request.body.id, title: removed[0]!.title });
    },
  );

  app.post(
    '/v1/gestao/destaques',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Pôr um serviço em destaque na página inicial, ou tirá-lo', body: HighlightRequest, response: answer } },
    async (request) => {
      const staff = centralTeam(request);
      const { slug, highlighted } = request.body;
      const updated = await rows(app.db, sql`update services set highlighted = ${highlighted} where slug = ${slug} and (active or not ${highlighted}) returning 1`);
      if (!updated.length) throw notFound('Serviço não encontrado ou fora do ar: confira o identificador no endereço da página do serviço.');
      return changed(request, staff, highlighted ? 'destaque_incluido' : 'destaque_retirado', { slug });
    },
  );

  app.get(
    '/v1/gestao/auditoria',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Registro de auditoria (equipe central)', response: { 200: AuditLog, ...errors } } },
    async (request) => {
      centralTeam(request);
      const entries = await repository.auditLog(app.db, 200);
      return { entries: entries.map((entry) => ({ ...entry, at: iso(entry.at) })) };
    },
  );

  // --- consistency across the catalog ---------------------------------------------------------------------

  app.get(
    '/v1/gestao/consistencia',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Fatos que divergem entre serviços: o mesmo documento com nomes diferentes, a mesma unidade com dois endereços (equipe central)', response: { 200: ConsistencyReport, ...errors } } },
    async (request) => {
      centralTeam(request);
      const uses = await consistency.documentUses(app.db);
      return {
        documents: consistency.similarDocuments(uses.map(({ name, ...service }) => ({ name, service }))),
        units: await consistency.unitsApart(app.db),
      };
    },
  );

  app.post(
    '/v1/gestao/consistencia/documentos',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Um nome só para um documento: cada serviço que usa outro nome recebe uma alteração, que a revisão do órgão aprova', body: MergeDocumentsRequest, response: { 200: MergeDocumentsResult, ...errors } },
    },
    async (request) => {
      const staff = centralTeam(request);
      const { canonical } = request.body;
      const variants = [...new Set(request.body.variants)].filter((variant) => variant !== canonical);
      if (!variants.length) throw badRequest('Escolha ao menos um nome diferente do que fica.');
      const result: MergeDocumentsResult = { sent: [], skipped: [] };
      for (const { id } of await consistency.servicesNaming(app.db, variants)) {
        const service = (await repository.findService(app.db, id))!;
        const mention = { id, title: service.title, department: service.departmentShortName };
        if (await repository.openVersion(app.db, id)) {
          result.skipped.push({ ...mention, reason: 'Já há uma alteração em andamento neste serviço: unifique depois que ela for concluída.' });
          continue;
        }
        const content = consistency.renameDocument(await repository.liveContent(app.db, id), variants, canonical);
        const now = new Date();
        const changeNote = `Nome de documento unificado pela equipe central: ${variants.map((v) => `"${v}"`).join(', ')} passa a ser "${canonical}".`;
        const version = await repository.insertVersion(app.db, {
          serviceId: id,
          departmentId: service.departmentId,
          // written and sent in one step: the department's review takes it from there
          state: versions.transitions.enviar.to,
          content: content as unknown as Record<string, unknown>,
          baseVersionId: (await repository.publishedVersion(app.db, service)).id,
          changeNote,
          createdBy: staff.sub,
          createdByName: staff.name,
          updatedBy: staff.sub,
          submittedBy: staff.sub,
          submittedAt: now,
        });
        await repository.audit(app.db, { ...actor(request, staff), action: 'documento_unificado', serviceId: id, versionId: version.id, departmentId: service.departmentId, detail: { canonical, variants } });
        result.sent.push(mention);
      }
      if (!result.sent.length && !result.skipped.length) throw notFound('Nenhum serviço usa esses nomes.');
      return result;
    },
  );

  app.post(
    '/v1/gestao/consistencia/unidades',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Um endereço só para unidades que são o mesmo lugar (equipe central)', body: MergeUnitsRequest, response: { 200: MergeUnitsResult, ...errors } } },
    async (request) => {
      const staff = centralTeam(request);
      const { source, targets } = request.body;
      const updated = await consistency.copyAddress(app.db, source, targets);
      if (!updated) throw notFound('Unidade não encontrada: escolha a unidade com o endereço certo e as que devem recebê-lo.');
      await repository.audit(app.db, { ...actor(request, staff), action: 'enderecos_unificados', detail: { source, targets } });
      await app.publicCache.invalidate();
      return { updated };
    },
  );
};
