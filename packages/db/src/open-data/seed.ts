import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { stableHash } from '../seed.ts';
import * as t from '../schema/index.ts';
import {
  BIDDING_MODALITIES, BODIES, BONDS, CITIES, COMPANY_CORES, COMPANY_KINDS, COMPANY_SUFFIXES, DEFAULT_BODY, DOCUMENT_KINDS, EXPENSE_ELEMENTS,
  FIRST_NAMES, FUNDING_SOURCES, OUT_OF_STATE_CITIES, POSITIONS, REVENUE_NATURES, SURNAMES, TENDER_MODALITIES, TENDER_STATUSES,
} from './vocabulary.ts';

export interface OpenDataSize {
  /** empenhos (each with its liquidations and payments) */
  expenses: number;
  servants: number;
  creditors: number;
  /** fiscal years up to the current one */
  years: number;
}

/** What a first start loads: at least 200,000 expense rows and 50,000 servants. */
export const OPEN_DATA_DEMO_SIZE: OpenDataSize = { expenses: 200_000, servants: 50_000, creditors: 3_000, years: 3 };
/** Small enough for the test database dump, still every month of every year; a fixed day keeps tests repeatable. */
export const OPEN_DATA_TEST_SIZE: OpenDataSize & { today: string } = { expenses: 4_000, servants: 1_200, creditors: 300, years: 3, today: '2026-06-15' };

export interface OpenDataOptions extends Partial<OpenDataSize> {
  /** the generator's seed: same seed, same size and same day, same data */
  seed?: number;
  /** the last day with data ('YYYY-MM-DD'); default today */
  today?: string;
  /** empty the open-data tables first */
  replace?: boolean;
}

export const OPEN_DATA_DATASETS = ['despesas', 'servidores', 'credores', 'documentos', 'licitacoes', 'orgaos', 'receitas'] as const;

export async function isOpenDataEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ slug: t.openDataDatasets.slug }).from(t.openDataDatasets).limit(1);
  return rows.length === 0;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const cumulative = (weights: number[]) => {
  const total = weights.reduce((a, b) => a + b, 0);
  let sum = 0;
  return weights.map((w) => {
    const lower = sum / total;
    sum += w;
    return lower;
  });
};

/**
 * Generates the transparency datasets inside the database with set-based SQL (generate_series and the
 * od_hash function of migration 0005), so hundreds of thousands of rows take seconds even on PGlite.
 * Needs the departments of the catalog; writes everything in one transaction.
 */
export async function seedOpenData(db: Database, options: OpenDataOptions = {}) {
  const size: OpenDataSize = {
    expenses: options.expenses ?? OPEN_DATA_DEMO_SIZE.expenses,
    servants: options.servants ?? OPEN_DATA_DEMO_SIZE.servants,
    creditors: options.creditors ?? OPEN_DATA_DEMO_SIZE.creditors,
    years: options.years ?? OPEN_DATA_DEMO_SIZE.years,
  };
  const seed = (options.seed ?? 1) * 100;
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const lastYear = Number(today.slice(0, 4));
  const firstYear = lastYear - size.years + 1;
  for (const [name, value] of Object.entries(size)) {
    if (!Number.isInteger(value) || value < (name === 'creditors' ? 2 : 1)) throw new Error(`open data: ${name} must be a positive whole number`);
  }

  await db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    // OPEN_DATA_DEBUG=1 prints each statement's wall and CPU time (PGlite runs in this process).
    const run = async (query: SQL) => {
      const started = Date.now();
      const cpu = process.cpuUsage();
      const result = await tx.execute(query);
      if (process.env.OPEN_DATA_DEBUG) console.log(Date.now() - started, 'ms', Math.round(process.cpuUsage(cpu).user / 1000), 'cpu ms', (tx as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string } } }).dialect.sqlToQuery(query).sql.replace(/\s+/g, ' ').slice(0, 80));
      return result;
    };
    // PGlite's memory is the server's and never shrinks: at 64 MB a sort, the seed grew it by about 190 MB
    // for good; at 16 MB the big sorts spill to temporary files (the OS file cache) and take no longer.
    await run(sql`set local work_mem = '16MB'`);
    if (options.replace) {
      await run(sql`truncate expense_payments, expense_liquidations, expense_commitments, servant_pay_years, civil_servants, tenders,
        public_documents, revenues, creditors, management_units, open_data_datasets restart identity cascade`);
    }
    const departments = (await tx.select().from(t.departments).orderBy(t.departments.id)).map((d) => {
      const body: { fn: string; weight: number; servants: number; units?: string[] } = BODIES[d.slug] ?? DEFAULT_BODY;
      return { ...d, body, extraUnits: body.units ?? [] };
    });
    if (!departments.length) throw new Error('open data: no departments; seed the catalog first');

    // Management units: the body itself (code OO0101) and its funds, hospitals, ... (OO0102, ...).
    const unitRows = departments.flatMap((d, i) =>
      [d.name, ...d.extraUnits].map((name, k) => ({
        code: `${10 + i}01${String(k + 1).padStart(2, '0')}`,
        departmentId: d.id,
        name,
        weight: (d.body.weight * (k === 0 ? 1.5 : 1)) / (1.5 + d.extraUnits.length),
        fn: d.body.fn,
      })),
    );
    const units = await tx.insert(t.managementUnits).values(unitRows.map(({ code, departmentId, name }) => ({ code, departmentId, name }))).returning();
    const unitCum = cumulative(unitRows.map((u) => u.weight));
    const unitInfo = units.map((u, i) => {
      const fn = unitRows[i]!.fn;
      const kind = fn.startsWith('12') ? 'education' : fn.startsWith('10') ? 'health' : 'general';
      return { idx: i + 1, id: u.id, kind, fn, code: u.code, name: u.name };
    });
    const elementCum = cumulative(EXPENSE_ELEMENTS.map((e) => e.weight));
    const departmentCum = cumulative(departments.map((d) => d.body.servants));
    const bondCum = cumulative(BONDS.map(([, w]) => w));

    await run(sql`create temp table od_units on commit drop as
      select * from jsonb_to_recordset(${json(unitInfo)}) as x(idx int, id int, kind text, fn text, code text, name text)`);
    await run(sql`create temp table od_elements on commit drop as
      select idx, x->>'element' as element, (x->>'value')::float8 as value, (x->>'person')::boolean as person,
             array(select jsonb_array_elements_text(x->'phrases')) as phrases
      from jsonb_array_elements(${json(EXPENSE_ELEMENTS)}) with ordinality as e(x, idx)`);
    await run(sql`create temp table od_positions on commit drop as
      select d.idx, array(select p->>0 from jsonb_array_elements(d.list) p) as names, array(select (p->>1)::int from jsonb_array_elements(d.list) p) as pays
      from jsonb_to_recordset(${json(departments.map((d, i) => ({ idx: i + 1, list: POSITIONS[d.slug] ?? POSITIONS['*'] })))}) as d(idx int, list jsonb)`);
    const textArray = (items: readonly string[]) => sql`array(select jsonb_array_elements_text(${json(items)}))`;
    await run(sql`create temp table od_lists on commit drop as select
      ${textArray(FIRST_NAMES)} as first_names, ${textArray(SURNAMES)} as surnames,
      ${textArray(COMPANY_KINDS)} as company_kinds, ${textArray(COMPANY_CORES)} as company_cores, ${textArray(COMPANY_SUFFIXES)} as company_suffixes,
      ${textArray(CITIES)} as cities, ${textArray(OUT_OF_STATE_CITIES.map(([c]) => c))} as far_cities, ${textArray(OUT_OF_STATE_CITIES.map(([, s]) => s))} as far_states,
      ${textArray(BIDDING_MODALITIES)} as modalities, ${textArray(FUNDING_SOURCES.general)} as funding_general,
      ${textArray(FUNDING_SOURCES.education)} as funding_education, ${textArray(FUNDING_SOURCES.health)} as funding_health,
      ${textArray(TENDER_STATUSES)} as tender_statuses, ${textArray(TENDER_MODALITIES)} as tender_modalities, ${textArray(DOCUMENT_KINDS)} as document_kinds,
      ${textArray(BONDS.map(([b]) => b))} as bonds,
      array(select jsonb_array_elements_text(${json(unitCum)})::float8) as unit_cum,
      array(select jsonb_array_elements_text(${json(elementCum)})::float8) as element_cum,
      array(select jsonb_array_elements_text(${json(departmentCum)})::float8) as department_cum,
      array(select jsonb_array_elements_text(${json(bondCum)})::float8) as bond_cum,
      array(select jsonb_array_elements_text(${json(departments.map((d) => d.id))})::int) as department_ids`);
    // Temporary tables have no statistics until analysed; without them the planner sorts on disk.
    await run(sql`analyze od_units, od_elements, od_positions, od_lists`);

    // The bulk-load recipe of the PostgreSQL manual ("Populating a Database"): drop the big tables'
    // foreign keys and secondary indexes, load, then recreate them from their own definitions (one
    // index build and one validating join each, instead of a check and an insertion per row).
    const bulkTables = ['expense_commitments', 'expense_liquidations', 'expense_payments', 'civil_servants', 'servant_pay_years'];
    const tableList = sql.join(bulkTables.map((name) => sql`${name}`), sql`, `);
    const foreignKeys = (await run(sql`select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
      from pg_constraint where contype in ('f', 'u') and conrelid::regclass::text in (${tableList})`)) as unknown as { rows: { tbl: string; name: string; def: string }[] };
    const indexes = (await run(sql`select indexname as name, indexdef as def from pg_indexes
      where schemaname = current_schema() and tablename in (${tableList})
        and indexname not in (select conname from pg_constraint where contype in ('p', 'u'))`)) as unknown as { rows: { name: string; def: string }[] };
    for (const fk of foreignKeys.rows) await run(sql.raw(`alter table ${fk.tbl} drop constraint ${fk.name}`));
    for (const index of indexes.rows) await run(sql.raw(`drop index ${index.name}`));

    // Creditors: four in five are companies (CNPJ shown in full, as the law allows), the rest people
    // (CPF masked). Low ids are the big suppliers: expenses pick them more often.
    const companies = Math.max(1, Math.min(size.creditors - 1, Math.round(size.creditors * 0.8)));
    await run(sql`insert into creditors (id, kind, document, name, city, state)
      select g, case when g <= ${companies} then 'PJ' else 'PF' end,
        case when g <= ${companies}
          then lpad((h1 % 100)::text, 2, '0') || '.' || lpad(((h1 / 100) % 1000)::text, 3, '0') || '.' || lpad(((h1 / 100000) % 1000)::text, 3, '0')
               || '/' || lpad((1 + h2 % 3)::text, 4, '0') || '-' || lpad(((h2 / 3) % 100)::text, 2, '0')
          else '***.' || lpad((h1 % 1000)::text, 3, '0') || '.' || lpad(((h1 / 1000) % 1000)::text, 3, '0') || '-**' end,
        case when g <= ${companies}
          then l.company_kinds[1 + h2 % cardinality(l.company_kinds)] || ' ' || l.company_cores[1 + (h2 / 97) % cardinality(l.company_cores)]
               || ' ' || l.company_suffixes[1 + (h2 / 9973) % cardinality(l.company_suffixes)]
          else l.first_names[1 + h2 % cardinality(l.first_names)] || ' ' || l.surnames[1 + (h2 / 97) % cardinality(l.surnames)]
               || ' ' || l.surnames[1 + (h2 / 9973) % cardinality(l.surnames)] end,
        case when g <= ${companies} and h3 % 10 = 0 then l.far_cities[1 + (h3 / 10) % cardinality(l.far_cities)] else l.cities[1 + (h3 / 10) % cardinality(l.cities)] end,
        case when g <= ${companies} and h3 % 10 = 0 then l.far_states[1 + (h3 / 10) % cardinality(l.far_states)] else 'PI' end
      from (select g, od_hash(g, ${seed + 1}) h1, od_hash(g, ${seed + 2}) h2, od_hash(g, ${seed + 3}) h3 from generate_series(1, ${size.creditors}::int) g offset 0) x
      cross join od_lists l`);

    // Empenhos, spread evenly over the days of the period (weekends moved to a weekday), so ids follow dates.
    const start = `${firstYear}-01-01`;
    await run(sql`create temp table od_c on commit drop as
      select g as id, d as issued_on, extract(year from d)::smallint as fiscal_year, u.id as unit_id, u.code as unit_code, u.kind as unit_kind, u.fn,
        e.idx as element_idx, e.element, e.phrases[1 + h3 % cardinality(e.phrases)] as phrase,
        case when e.person then ${companies} + 1 + ((h1 / 65536) * (${size.creditors - companies}) / 65536)
             else 1 + floor(${companies} * power((h1 / 65536) ::float8 / 65536, 2))::int end as creditor_id,
        case when e.person then 'Não se aplica' else l.modalities[1 + (h3 / 16) % cardinality(l.modalities)] end as modality,
        case u.kind when 'education' then l.funding_education[1 + (h3 / 256) % cardinality(l.funding_education)]
                    when 'health' then l.funding_health[1 + (h3 / 256) % cardinality(l.funding_health)]
                    else l.funding_general[1 + (h3 / 256) % cardinality(l.funding_general)] end as funding,
        round((e.value * exp(((h2 / 65536) ::float8 / 65536 - 0.5) * 3.2))::numeric, 2) as committed,
        h3
      from (
        select g, h1, h2, h3,
          case when extract(year from d0 - w) = extract(year from d0) then d0 - w else d0 + (case when w = 1 then 2 else 1 end) end as d
        from (
          select g, d0, case extract(isodow from d0) when 6 then 1 when 7 then 2 else 0 end as w,
            od_hash(g, ${seed + 11}) h1, od_hash(g, ${seed + 12}) h2, od_hash(g, ${seed + 13}) h3
          from (select g, ${start}::date + ((g - 1) * (${today}::date - ${start}::date + 1) / ${size.expenses})::int as d0
                from generate_series(1::bigint, ${size.expenses}::bigint) g) a
          offset 0
        ) b
      ) x
      cross join od_lists l
      join od_units u on u.idx = width_bucket(((h1 % 65536) ::float8 / 65536), l.unit_cum)
      join od_elements e on e.idx = width_bucket(((h2 % 65536) ::float8 / 65536), l.element_cum)`);

    // Liquidations (0 to 3 per empenho; a share of them only partial) and their payments, as a plan
    // first, so the empenho's totals are exact sums of the rows written below.
    await run(sql`create temp table od_l on commit drop as
      select c.id as commitment_id, c.unit_id, c.unit_code, j, k,
        c.issued_on + (j * (5 + (c.h3 / 4096) % 25))::int as liquidated_on,
        case when j < k then round(c.committed * f / k, 2) else round(c.committed * f, 2) - (k - 1) * round(c.committed * f / k, 2) end as amount,
        c.issued_on + (j * (5 + (c.h3 / 4096) % 25))::int + (2 + (c.h3 / 131072) % 20)::int as paid_on,
        (c.h3 / 2621440) % 10 < 9 as will_pay
      from (select *, case when h3 % 16 = 0 then 0 when h3 % 16 < 11 then 1 when h3 % 16 < 14 then 2 else 3 end as k,
                   case when (h3 / 8) % 8 = 0 then 0.6 else 1.0 end as f from od_c) c
      cross join lateral generate_series(1, c.k) j
      where c.issued_on + (j * (5 + (c.h3 / 4096) % 25))::int <= ${today}::date`);

    await run(sql`insert into expense_commitments (id, fiscal_year, code, management_unit_id, creditor_id, issued_on, expense_element, budget_function,
        funding_source, bidding_modality, description, committed, liquidated, paid)
      select c.id, c.fiscal_year,
        c.fiscal_year || 'NE' || lpad((row_number() over (partition by c.fiscal_year, c.unit_id order by c.issued_on, c.id))::text, 6, '0'),
        c.unit_id, c.creditor_id, c.issued_on, c.element, c.fn, c.funding, c.modality,
        upper(left(c.phrase, 1)) || substr(c.phrase, 2) || ', conforme processo SEI nº ' || lpad((c.h3 % 99991)::text, 5, '0') || '.'
          || lpad(((c.id * 7) % 999983)::text, 6, '0') || '/' || c.fiscal_year || '-' || lpad((10 + c.h3 % 89)::text, 2, '0') || '.',
        c.committed, coalesce(s.liquidated, 0), coalesce(s.paid, 0)
      from od_c c
      left join (select commitment_id, sum(amount) as liquidated, sum(amount) filter (where will_pay and paid_on <= ${today}::date) as paid
                 from od_l group by commitment_id) s on s.commitment_id = c.id
      order by c.id`);
    await run(sql`select setval(pg_get_serial_sequence('expense_commitments', 'id'), greatest(1, (select max(id) from expense_commitments)))`);
    await run(sql`insert into expense_liquidations (commitment_id, code, liquidated_on, amount)
      select commitment_id,
        date_part('year', liquidated_on)::int || 'NL' || lpad((row_number() over (partition by date_part('year', liquidated_on)::int, unit_id order by liquidated_on, commitment_id, j))::text, 6, '0'),
        liquidated_on, amount
      from od_l order by commitment_id, j`);
    await run(sql`insert into expense_payments (commitment_id, code, paid_on, amount)
      select commitment_id,
        date_part('year', paid_on)::int || 'OB' || lpad((row_number() over (partition by date_part('year', paid_on)::int, unit_id order by paid_on, commitment_id, j))::text, 6, '0'),
        paid_on, amount
      from od_l where will_pay and paid_on <= ${today}::date order by commitment_id, j`);

    // Servants, most of them teachers, health workers and police, as in the state's payroll.
    await run(sql`create temp table od_s on commit drop as
      select g as id, d.idx as department_idx, l.department_ids[d.idx] as department_id,
        d.names[1 + h2 % cardinality(d.names)] as position, d.pays[1 + h2 % cardinality(d.pays)] as pay,
        l.bonds[width_bucket((((h2 / 256) % 65536) ::float8 / 65536), l.bond_cum)] as bond,
        l.first_names[1 + h1 % cardinality(l.first_names)] || ' ' || l.surnames[1 + (h1 / 97) % cardinality(l.surnames)]
          || ' ' || l.surnames[1 + (h1 / 9973) % cardinality(l.surnames)] as name,
        h1, h2, h3
      from (select g, od_hash(g, ${seed + 21}) h1, od_hash(g, ${seed + 22}) h2, od_hash(g, ${seed + 23}) h3 from generate_series(1, ${size.servants}::int) g offset 0) x
      cross join od_lists l
      join od_positions d on d.idx = width_bucket(((h3 % 65536) ::float8 / 65536), l.department_cum)
      `);
    await run(sql`insert into civil_servants (id, registration, name, cpf_masked, department_id, position, bond, weekly_hours, hired_on, left_on)
      select id,
        lpad((1000000 + (id * 7919) % 8999999)::text, 7, '0') || '-' || ((id * 7919) % 8999999 % 11 % 10),
        name,
        '***.' || lpad((h1 % 1000)::text, 3, '0') || '.' || lpad(((h1 / 1000) % 1000)::text, 3, '0') || '-**',
        department_id, position, bond,
        case when position like 'Professor%' and h2 % 3 = 0 then 20 when position like 'Médic%' then 24 else 40 end,
        hired_on,
        case when (h3 / 65536) % 100 < 6 and hired_on + greatest(30, ((h3 / 8) % 1000))::int <= ${today}::date
          then hired_on + greatest(30, ((h3 / 8) % 1000))::int end
      from (select *, case when bond = 'Temporário' then ${today}::date - (200 + (h3 / 16) % 1300)::int
                           else date '1988-01-01' + ((h3 / 16) % (${today}::date - date '1988-01-01' - 60))::int end as hired_on from od_s) s`);
    await run(sql`select setval(pg_get_serial_sequence('civil_servants', 'id'), greatest(1, (select max(id) from civil_servants)))`);

    // Monthly pay as one row per servant and year: base pay grows 1 % a year of service (not for
    // temporaries) and 4.5 % a fiscal year; benefits add a per-servant share, the 13th salary in
    // December and a third on vacation; deductions are 14 % social security plus income tax.
    const months = Array.from({ length: 12 }, (_, i) => i + 1);
    const todayMonth = lastYear * 12 + Number(today.slice(5, 7)) - 1;
    const base = (m: number) => `case when y * 12 + ${m - 1} between s.first_month and s.last_month then p.pay end`;
    const benefits = (m: number) => `(b[${m}] * benefit_rate)::int${m === 12 ? ` + b[${m}]` : ''} + case when vacation = ${m} then b[${m}] / 3 else 0 end`;
    const deductions = (m: number) => `(b[${m}] * 0.14 + greatest(0, (b[${m}] * 0.86 + v[${m}]) * 0.275 - 89600))::int`;
    await run(sql`insert into servant_pay_years (fiscal_year, servant_id, base_pay, benefits, deductions)
      select y, id, b, v, array[${sql.raw(months.map(deductions).join(', '))}]::int[]
      from (
      select y, id, b, array[${sql.raw(months.map(benefits).join(', '))}]::int[] as v
      from (
        select y, s.id, s.benefit_rate, s.vacation, array[${sql.raw(months.map(base).join(', '))}]::int[] as b
        from (select c.id, x.pay,
                     case when c.bond = 'Temporário' then 1 else 1 + 0.01 * least(35, extract(year from age(${today}::date, c.hired_on))) end as seniority,
                     case when c.bond like '%Comissionado' then 0.45 else 0.1 end + (x.h2 / 65536 % 100) ::float8 / 400 as benefit_rate,
                     1 + (x.h1 / 1000000) % 12 as vacation,
                     (extract(year from c.hired_on) * 12 + extract(month from c.hired_on) - 1)::int as first_month,
                     coalesce((extract(year from c.left_on) * 12 + extract(month from c.left_on) - 1)::int, ${todayMonth}::int) as last_month
              from civil_servants c join od_s x on x.id = c.id offset 0) s
        cross join generate_series(${firstYear}::int, ${lastYear}::int) y
        cross join lateral (select (s.pay * 100 * s.seniority * (1 + 0.045 * (y - ${firstYear})))::int as pay offset 0) p
        where y * 12 + 11 >= s.first_month and y * 12 <= s.last_month
        offset 0
      ) yearly
      offset 0
      ) with_benefits`);

    for (const index of indexes.rows) await run(sql.raw(index.def));
    for (const fk of foreignKeys.rows) await run(sql.raw(`alter table ${fk.tbl} add constraint ${fk.name} ${fk.def}`));

    // Tenders and documents, one for every 50 and 40 empenhos.
    const tenders = Math.max(60, Math.round(size.expenses / 50));
    await run(sql`insert into tenders (fiscal_year, process_number, modality, object, management_unit_id, estimated_value, opened_on, status)
      select extract(year from d)::smallint,
        lpad((h3 % 99991)::text, 5, '0') || '.' || lpad(((g * 13) % 999983)::text, 6, '0') || '/' || extract(year from d) || '-' || lpad((10 + h3 % 89)::text, 2, '0'),
        l.tender_modalities[1 + (h3 / 7) % cardinality(l.tender_modalities)],
        upper(left(p, 1)) || substr(p, 2) || ' para atender às necessidades do(a) ' || u.name,
        u.id, round((e.value * 12 * exp(((h2 / 65536) ::float8 / 65536 - 0.5) * 3))::numeric, 2), d,
        case when d > ${today}::date - 45 then 'Em andamento' else l.tender_statuses[1 + (h3 / 1024) % cardinality(l.tender_statuses)] end
      from (select g, h1, h2, h3, ${start}::date + ((g - 1) * (${today}::date - ${start}::date + 1) / ${tenders})::int as d
            from (select g, od_hash(g, ${seed + 31}) h1, od_hash(g, ${seed + 32}) h2, od_hash(g, ${seed + 33}) h3 from generate_series(1, ${tenders}::int) g offset 0) a) x
      cross join od_lists l
      join od_units u on u.idx = width_bucket(((h1 % 65536) ::float8 / 65536), l.unit_cum)
      join od_elements e on e.idx = width_bucket(((h2 % 65536) ::float8 / 65536), l.element_cum)
      cross join lateral (select e.phrases[1 + h3 % cardinality(e.phrases)] as p) ph
      order by g`);
    const documents = Math.max(60, Math.round(size.expenses / 40));
    await run(sql`insert into public_documents (fiscal_year, kind, number, object, management_unit_id, creditor_id, value, signed_on, valid_until)
      select extract(year from d)::smallint, k.kind,
        lpad((row_number() over (partition by extract(year from d), k.kind order by d, g))::text, 3, '0') || '/' || extract(year from d),
        upper(left(p, 1)) || substr(p, 2), u.id, 1 + floor(${companies} * power((h1 / 65536) ::float8 / 65536, 2))::int,
        round((e.value * 10 * exp(((h2 / 65536) ::float8 / 65536 - 0.5) * 3))::numeric, 2), d,
        (d + (case (h3 / 64) % 3 when 0 then 6 when 1 then 12 else 24 end) * interval '1 month' - interval '1 day')::date
      from (select g, h1, h2, h3, ${start}::date + ((g - 1) * (${today}::date - ${start}::date + 1) / ${documents})::int as d
            from (select g, od_hash(g, ${seed + 41}) h1, od_hash(g, ${seed + 42}) h2, od_hash(g, ${seed + 43}) h3 from generate_series(1, ${documents}::int) g offset 0) a) x
      cross join od_lists l
      cross join lateral (select l.document_kinds[1 + (h3 / 8) % cardinality(l.document_kinds)] as kind) k
      join od_units u on u.idx = width_bucket(((h1 % 65536) ::float8 / 65536), l.unit_cum)
      join od_elements e on e.idx = width_bucket(((h2 % 65536) ::float8 / 65536), l.element_cum) and not e.person
      cross join lateral (select e.phrases[1 + h3 % cardinality(e.phrases)] as p) ph
      order by g`);

    // Revenues: a few hundred rows, computed here.
    const lastMonth = Number(today.slice(5, 7));
    const revenueRows = [];
    for (let year = firstYear; year <= lastYear; year++) {
      for (let month = 1; month <= (year === lastYear ? lastMonth : 12); month++) {
        for (const n of REVENUE_NATURES) {
          const season = n.season ? n.season[month - 1]! : 1;
          const forecast = (n.yearly / 12) * season * (1 + 0.06 * (year - firstYear));
          const noise = 0.9 + (stableHash(`${seed}:${n.code}:${year}-${month}`) % 2000) / 10000;
          revenueRows.push({ fiscalYear: year, month, natureCode: n.code, nature: n.nature, forecast: forecast.toFixed(2), collected: (forecast * noise).toFixed(2) });
        }
      }
    }
    await tx.insert(t.revenues).values(revenueRows);

    await run(sql`insert into open_data_datasets (slug, row_count) values
      ('despesas', (select count(*) from expense_commitments)), ('servidores', (select count(*) from civil_servants)),
      ('credores', (select count(*) from creditors)), ('documentos', (select count(*) from public_documents)),
      ('licitacoes', (select count(*) from tenders)), ('orgaos', (select count(*) from management_units)), ('receitas', (select count(*) from revenues))`);
    // PGlite has no autovacuum: without statistics the first queries would plan blind.
    await run(sql`analyze management_units, creditors, expense_commitments (fiscal_year, issued_on, management_unit_id, creditor_id),
      expense_liquidations (commitment_id), expense_payments (commitment_id), civil_servants (department_id, bond),
      servant_pay_years (fiscal_year), tenders, public_documents, revenues`);
  });
}
