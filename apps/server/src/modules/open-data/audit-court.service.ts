import type { SQL } from 'drizzle-orm';
import type { AuditCourtPage, PageQuery } from '@portal/contracts';
import type { Database } from '@portal/db';
import { badRequest, notFound } from '../../lib/http-error.ts';
import * as repository from './audit-court.repository.ts';
import { hasYear, type YearlyTable } from './open-data.repository.ts';
import { pageLinks } from './open-data.service.ts';

const YEAR = /^\d{4}$/;

function yearOf(query: string) {
  if (!YEAR.test(query)) throw badRequest('Exercício inválido: informe o ano com quatro dígitos (ex.: 2025).');
  return Number(query);
}

async function yearly(db: Database, table: YearlyTable, query: string, select: (year: number) => SQL) {
  const year = yearOf(query);
  if (!(await hasYear(db, table, year))) throw notFound(`Exercício ${year} não encontrado.`);
  return select(year);
}

/** GET /{resources}/{category}/{query} of the audit-court API, answered from our datasets. */
export async function auditCourt(db: Database, resources: string, category: string, query: string, page: PageQuery, url: string): Promise<AuditCourtPage> {
  const q = repository.auditCourtQueries;
  let select: SQL | undefined;
  if (resources === 'credores') {
    if (category === 'lista') select = query === 'todos' ? q.creditors() : await yearly(db, 'expense_commitments', query, q.creditorsOfYear);
    else if (category === 'busca') {
      if (query.trim().length < 2) throw badRequest('Informe ao menos 2 caracteres do nome ou do documento do credor.');
      select = q.creditorSearch(query.trim());
    }
  } else if (resources === 'documentos') {
    const kind = repository.DOCUMENT_KIND_SLUGS[category];
    if (kind) select = await yearly(db, 'public_documents', query, (year) => q.documents(kind, year));
  } else if (resources === 'licitacoes') {
    const modality = category === 'todas' ? null : repository.TENDER_MODALITY_SLUGS[category];
    if (modality !== undefined) select = await yearly(db, 'tenders', query, (year) => q.tenders(modality, year));
  } else if (resources === 'orgaos') {
    if (category === 'lista' && query === 'todos') select = q.bodies();
    else if (category === 'unidades-gestoras') select = q.units(query === 'todas' ? null : query);
  } else if (resources === 'receitas') {
    if (category === 'mensal') select = await yearly(db, 'revenues', query, q.revenuesByMonth);
    else if (category === 'natureza') select = await yearly(db, 'revenues', query, q.revenuesByNature);
  }
  if (!select) throw notFound(`Consulta não encontrada: ${resources}/${category}/${query}.`);
  const { count, results } = await repository.pageOfRecords(db, select, page.page_size, (page.page - 1) * page.page_size);
  return { count, ...pageLinks(url, page, count), results };
}
