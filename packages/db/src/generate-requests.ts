import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Synthetic citizens' requests for benchmarks (issue 28: a department's queue at a million requests): `count`
 * sent requests spread over the services that take requests, most closed (concluded, refused, cancelled) and
 * the rest open with deadlines from a month overdue to a month ahead, by 100,000 citizens. Written in one
 * statement per 100,000 rows; the demo's own requests are left as they are. Not while the portal serves: the
 * queue's counts are recomputed at the end.
 */
export async function generateRequests(db: Database, count: number, batch = 100_000) {
  const counted = (await db.execute(sql`select count(*)::int as n from service_requests where citizen_sub like 'bench-%'`)) as unknown as { rows: { n: number }[] };
  const before = Number(counted.rows[0]?.n ?? 0);
  // The counts' trigger would update one row per request: off while writing, the counts recomputed after, in one transaction.
  await db.execute(sql`alter table service_requests disable trigger request_counts_keep`);
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await db.execute(sql`
      with svc as (
        select array_agg(id order by id) as ids, array_agg(department_id order by id) as deps, array_agg(request_form order by id) as forms,
          array_agg(coalesce(request_form_version, 1) order by id) as versions, count(*)::int as n
        from services where request_form is not null
      )
      insert into service_requests (protocol, service_id, department_id, citizen_sub, citizen, state, form_version, form, answers,
        step_index, step_name, step_since, deadline_days, due_on, submitted_at, created_at, updated_at, closed_at)
      select
        '2025-BENCH-' || lpad((g + ${before})::text, 8, '0'),
        svc.ids[1 + g % svc.n], svc.deps[1 + g % svc.n],
        'bench-' || (g % 100000),
        jsonb_build_object('name', 'Cidadã de Teste ' || g, 'cpf', lpad(((g::bigint * 7919) % 99999999999)::text, 11, '0'), 'email', '', 'phone', '', 'birthDate', ''),
        st.state, svc.versions[1 + g % svc.n], svc.forms[1 + g % svc.n], '{}'::jsonb,
        0, 'Análise', now() - (g % 30) * interval '1 day', 10,
        current_date + ((g % 61) - 30),
        now() - (g % 400) * interval '1 day', now() - (g % 400) * interval '1 day', now() - (g % 400) * interval '1 day',
        case when st.state in ('concluida', 'indeferida', 'cancelada') then now() - (g % 380) * interval '1 day' end
      from generate_series(${from}::int, ${to}::int) as g
      cross join svc
      cross join lateral (select (array['concluida','concluida','concluida','indeferida','cancelada','concluida','enviada','em_analise','aguardando_cidadao','concluida'])[1 + (g * 7) % 10] as state) st
    `);
  }
  await db.execute(sql`alter table service_requests enable trigger request_counts_keep`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from request_counts`);
    await tx.execute(sql`insert into request_counts (department_id, state, n) select department_id, state, count(*) from service_requests where state <> 'rascunho' group by 1, 2`);
  });
  // What autovacuum does to a table that has lived a while: the queue's index-only scans need its visibility map.
  await db.execute(sql`vacuum analyze service_requests`);
}
