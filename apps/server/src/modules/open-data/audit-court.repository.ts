import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@portal/db';
import { rows } from '../../lib/rows.ts';
import { likeText } from './open-data.repository.ts';

// The audit-court API: /{resources}/{category}/{query}, answered from our datasets.

export type OpenRecord = { [key: string]: string | number | boolean | null };

/** A page of any audit-court listing: `query` selects rows, `order` keeps pages stable. */
export async function pageOfRecords(db: Database, select: SQL, limit: number, offset: number) {
  const [result] = await rows<{ count: number; results: OpenRecord[] | string }>(
    db,
    sql`with q as (${select})
        select (select count(*)::int from q) as count,
               coalesce((select json_agg(p) from (select * from q limit ${limit} offset ${offset}) p), '[]') as results`,
  );
  const results = typeof result?.results === 'string' ? (JSON.parse(result.results) as OpenRecord[]) : (result?.results ?? []);
  return { count: result?.count ?? 0, results };
}

export const TENDER_MODALITY_SLUGS: { [slug: string]: string } = {
  'pregao-eletronico': 'Pregão Eletrônico',
  'concorrencia-eletronica': 'Concorrência Eletrônica',
  'dispensa-eletronica': 'Dispensa Eletrônica',
  inexigibilidade: 'Inexigibilidade',
  credenciamento: 'Credenciamento',
  leilao: 'Leilão',
};
export const DOCUMENT_KIND_SLUGS: { [slug: string]: string } = {
  contratos: 'Contrato',
  aditivos: 'Termo Aditivo',
  convenios: 'Convênio',
  atas: 'Ata de Registro de Preços',
};

export const auditCourtQueries = {
  creditorsOfYear: (year: number) => sql`
    select cr.id, cr.kind as tipo, cr.document as documento, cr.name as nome, cr.city as cidade, cr.state as uf,
           t.empenhos, t.valor_empenhado, t.valor_pago
    from (select creditor_id, count(*)::int as empenhos, sum(committed)::float8 as valor_empenhado, sum(paid)::float8 as valor_pago
          from expense_commitments where fiscal_year = ${year} group by creditor_id) t
    join creditors cr on cr.id = t.creditor_id
    order by t.valor_pago desc, cr.id`,
  creditors: () => sql`select id, kind as tipo, document as documento, name as nome, city as cidade, state as uf from creditors order by name, id`,
  creditorSearch: (text: string) => sql`
    select id, kind as tipo, document as documento, name as nome, city as cidade, state as uf from creditors
    where name ilike ${likeText(text)} or document like ${likeText(text)} order by name, id`,
  documents: (kind: string, year: number) => sql`
    select doc.number as numero, doc.kind as tipo, doc.object as objeto, mu.code as unidade_gestora_codigo, mu.name as unidade_gestora,
           cr.document as credor_documento, cr.name as credor_nome, doc.value::float8 as valor, doc.signed_on::text as data_assinatura,
           doc.valid_until::text as vigencia_ate
    from public_documents doc join management_units mu on mu.id = doc.management_unit_id join creditors cr on cr.id = doc.creditor_id
    where doc.fiscal_year = ${year} and doc.kind = ${kind}
    order by doc.signed_on, doc.id`,
  tenders: (modality: string | null, year: number) => sql`
    select t.process_number as processo, t.modality as modalidade, t.object as objeto, mu.code as unidade_gestora_codigo, mu.name as unidade_gestora,
           t.estimated_value::float8 as valor_estimado, t.opened_on::text as data_abertura, t.status as situacao
    from tenders t join management_units mu on mu.id = t.management_unit_id
    where t.fiscal_year = ${year} ${modality ? sql`and t.modality = ${modality}` : sql``}
    order by t.opened_on, t.id`,
  bodies: () => sql`
    select d.slug, d.short_name as sigla, d.name as nome, d.active as ativo, (select count(*)::int from management_units mu where mu.department_id = d.id) as unidades_gestoras
    from departments d order by d.short_name`,
  units: (departmentSlug: string | null) => sql`
    select mu.code as codigo, mu.name as nome, d.slug as orgao_slug, d.short_name as orgao_sigla
    from management_units mu join departments d on d.id = mu.department_id
    ${departmentSlug ? sql`where d.slug = ${departmentSlug}` : sql``}
    order by mu.code`,
  revenuesByMonth: (year: number) => sql`
    select to_char(make_date(fiscal_year, month, 1), 'YYYY-MM') as referencia, nature_code as natureza_codigo, nature as natureza,
           forecast::float8 as valor_previsto, collected::float8 as valor_arrecadado
    from revenues where fiscal_year = ${year} order by month, nature_code`,
  revenuesByNature: (year: number) => sql`
    select nature_code as natureza_codigo, nature as natureza, sum(forecast)::float8 as valor_previsto, sum(collected)::float8 as valor_arrecadado
    from revenues where fiscal_year = ${year} group by nature_code, nature order by sum(collected) desc`,
};
