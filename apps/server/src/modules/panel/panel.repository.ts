import { sql, type SQL } from 'drizzle-orm';
import { PIAUI_TIME_ZONE } from '@portal/contracts';
import type { Database } from '@portal/db';
import { rows } from '../../lib/rows.ts';
import { SUGGESTION_SERVICE } from '../gestao/gestao.repository.ts';
import { CLOSED, RATEABLE } from '../requests/requests.workflow.ts';

// The panel's counts (issue 30): each month recomputed whole from what the portal records, and read back summed.

/**
 * What panel_counts holds, one row per month, department, service and key. A request counts in the month it was
 * sent and in the month it ended (in Piauí's time); a rating, a suggestion in the month it was given; an
 * appointment in the month it is for.
 */
export const METRICS = {
  received: 'recebidas',
  /** the ends, by the request's end state (concluida, indeferida, cancelada) */
  ended: 'encerradas',
  refusedFor: 'motivo',
  withDeadline: 'com_prazo',
  onTime: 'no_prazo',
  /** answered after `key` business days */
  days: 'dias',
  verifiedStars: 'avaliacao_verificada',
  anonymousStars: 'avaliacao_anonima',
  suggestions: 'simplifique',
  suggestionsResolved: 'simplifique_resolvidas',
  /** appointments of the month, by state (agendado, compareceu, nao_compareceu) */
  appointments: 'agendamentos',
} as const;

const local = (column: SQL) => sql`(${column} at time zone ${PIAUI_TIME_ZONE})`;
/** The first day of the month of a moment, in Piauí. */
const monthOf = (column: SQL) => sql`date_trunc('month', ${local(column)})::date`;
const textArray = (values: readonly string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

/** The months in which something the panel counts changed since `since` (every month with data when null). */
export async function touchedMonths(db: Database, since: Date | null): Promise<string[]> {
  const at = since?.toISOString() ?? null;
  const changed = (column: SQL) => (at === null ? sql`true` : sql`${column} >= ${at}::timestamptz`);
  const found = await rows<{ month: string }>(
    db,
    sql`
    select distinct month::text as month from (
      select ${monthOf(sql`submitted_at`)} as month from service_requests where submitted_at is not null and ${changed(sql`updated_at`)}
      union select ${monthOf(sql`closed_at`)} from service_requests where closed_at is not null and ${changed(sql`updated_at`)}
      union select ${monthOf(sql`created_at`)} from verified_ratings where ${changed(sql`created_at`)}
      union select ${monthOf(sql`created_at`)} from ratings where ${changed(sql`created_at`)}
      union select ${monthOf(sql`created_at`)} from simplifique_suggestions where ${changed(sql`created_at`)}
      union select ${monthOf(sql`updated_at`)} from feedback_status where ${changed(sql`updated_at`)}
      union select ${monthOf(sql`starts_at`)} from appointments where ${changed(sql`updated_at`)}
    ) m order by 1`,
  );
  return found.map((m) => m.month);
}

/** One ended request's dates, for the business days it took. */
export interface Answered {
  departmentId: number;
  serviceId: number;
  sent: string;
  ended: string;
  pausedDays: number;
}

/**
 * Recomputes one month's counts in the caller's transaction: deletes them, counts again in SQL, and adds the days
 * each answered request took (`days`, computed by the caller with each department's business calendar).
 */
export async function replaceMonth(db: Database, month: string, days: (answered: Answered[]) => Promise<Map<string, number>>) {
  const from = sql`(${month}::date)::timestamp at time zone ${PIAUI_TIME_ZONE}`;
  const to = sql`(${month}::date + interval '1 month')::timestamp at time zone ${PIAUI_TIME_ZONE}`;
  const within = (column: SQL) => sql`${column} >= ${from} and ${column} < ${to}`;
  const answered = textArray(RATEABLE);
  await db.execute(sql`delete from panel_counts where month = ${month}::date`);
  await db.execute(sql`
    insert into panel_counts (month, department_id, service_id, metric, key, n)
    select ${month}::date, department_id, service_id, metric, key, n from (
      select department_id, service_id, ${METRICS.received} as metric, '' as key, count(*) as n
        from service_requests where ${within(sql`submitted_at`)} group by 1, 2
      union all
      select department_id, service_id, ${METRICS.ended}, state, count(*)
        from service_requests where ${within(sql`closed_at`)} and state = any(${textArray(CLOSED)}) group by 1, 2, 4
      union all
      select department_id, service_id, ${METRICS.refusedFor}, coalesce(refusal_reason, 'outro'), count(*)
        from service_requests where ${within(sql`closed_at`)} and state = 'indeferida' group by 1, 2, 4
      union all
      select department_id, service_id, ${METRICS.withDeadline}, '', count(*)
        from service_requests where ${within(sql`closed_at`)} and state = any(${answered}) and due_on is not null group by 1, 2
      union all
      select department_id, service_id, ${METRICS.onTime}, '', count(*)
        from service_requests where ${within(sql`closed_at`)} and state = any(${answered}) and ${local(sql`closed_at`)}::date <= due_on group by 1, 2
      union all
      select s.department_id, v.service_id, ${METRICS.verifiedStars}, v.value::text, count(*)
        from verified_ratings v join services s on s.id = v.service_id where ${within(sql`v.created_at`)} group by 1, 2, 4
      union all
      select s.department_id, r.service_id, ${METRICS.anonymousStars}, r.value::text, count(*)
        from ratings r join services s on s.id = r.service_id where ${within(sql`r.created_at`)} group by 1, 2, 4
      union all
      select coalesce(m.department_id, 0), coalesce(m.id, 0), ${METRICS.suggestions}, '', count(*)
        from simplifique_suggestions g left join lateral ${SUGGESTION_SERVICE} m on true where ${within(sql`g.created_at`)} group by 1, 2
      union all
      select coalesce(m.department_id, 0), coalesce(m.id, 0), ${METRICS.suggestionsResolved}, '', count(*)
        from feedback_status f join simplifique_suggestions g on g.id = f.suggestion_id left join lateral ${SUGGESTION_SERVICE} m on true
        where f.status = 'concluido' and ${within(sql`f.updated_at`)} group by 1, 2
      union all
      select department_id, service_id, ${METRICS.appointments}, state, count(*)
        from appointments where ${within(sql`starts_at`)} and state <> 'cancelado' group by 1, 2, 4
    ) counted where n > 0`);
  const ended = await rows<Answered>(
    db,
    sql`select department_id as "departmentId", service_id as "serviceId", ${local(sql`submitted_at`)}::date::text as sent,
               ${local(sql`closed_at`)}::date::text as ended, paused_days as "pausedDays"
        from service_requests where ${within(sql`closed_at`)} and state = any(${answered}) and submitted_at is not null`,
  );
  const histogram = await days(ended);
  const values = [...histogram].map(([group, n]) => {
    const [departmentId, serviceId, key] = group.split(':');
    return sql`(${month}::date, ${Number(departmentId)}, ${Number(serviceId)}, ${METRICS.days}, ${key}, ${n})`;
  });
  for (let i = 0; i < values.length; i += 1_000) {
    await db.execute(sql`insert into panel_counts (month, department_id, service_id, metric, key, n) values ${sql.join(values.slice(i, i + 1_000), sql`, `)}`);
  }
}

export async function lastRefresh(db: Database): Promise<{ changesSince: Date; refreshedAt: Date } | null> {
  const [found] = await rows<{ changesSince: string; refreshedAt: string }>(db, sql`select changes_since as "changesSince", refreshed_at as "refreshedAt" from panel_refreshes where id = 1`);
  return found ? { changesSince: new Date(found.changesSince), refreshedAt: new Date(found.refreshedAt) } : null;
}

export async function markRefreshed(db: Database, changesSince: Date, refreshedAt: Date) {
  await db.execute(sql`
    insert into panel_refreshes (id, changes_since, refreshed_at) values (1, ${changesSince.toISOString()}, ${refreshedAt.toISOString()})
    on conflict (id) do update set changes_since = excluded.changes_since, refreshed_at = excluded.refreshed_at`);
}

/**
 * Where the next update must look for changes from, on the database's clock: this transaction's start, or the start
 * of an older transaction of this database still running, whose changes carry stamps from then but are not seen by
 * this update (they commit after it reads the tables), so the next one counts them. On the embedded database one
 * transaction runs at a time, and this is its start.
 */
export async function changesHorizon(db: Database): Promise<Date> {
  const [found] = await rows<{ at: string }>(
    db,
    sql`select least(now(), coalesce((select min(xact_start) from pg_stat_activity
                                      where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null), now())) as at`,
  );
  return new Date(found!.at);
}

/** Only one update at a time, across instances: the others wait, then find nothing new. */
export async function lockRefresh(db: Database) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('panel_counts'))`);
}

/** What the panel reads: one department's, one service's or all counts, summed per month, metric and key. */
export interface Count {
  month: string;
  metric: string;
  key: string;
  n: number;
}

export interface Scope {
  departmentId: number | null;
  serviceId: number | null;
}

const inScope = (scope: Scope) =>
  sql`(${scope.departmentId}::int is null or department_id = ${scope.departmentId}::int) and (${scope.serviceId}::int is null or service_id = ${scope.serviceId}::int)`;

export function countsOf(db: Database, scope: Scope, until: string): Promise<Count[]> {
  return rows<Count>(
    db,
    sql`select to_char(month, 'YYYY-MM') as month, metric, key, sum(n)::float8 as n from panel_counts
        where ${inScope(scope)} and month <= ${until}::date group by 1, 2, 3 order by 1`,
  );
}

/** The period's counts per department (scope: the state) or per service (scope: a department), to go deeper. */
export function countsByPart(db: Database, scope: Scope, from: string, until: string, by: 'department' | 'service') {
  const part = by === 'department' ? sql`department_id` : sql`service_id`;
  return rows<{ part: number; metric: string; key: string; n: number }>(
    db,
    sql`select ${part} as part, metric, key, sum(n)::float8 as n from panel_counts
        where ${inScope(scope)} and month >= ${from}::date and month <= ${until}::date and ${part} <> 0 group by 1, 2, 3`,
  );
}

/** The catalog's figures, the state's or one department's: the home's indicators count the same way. */
export async function catalogOf(db: Database, scope: Scope) {
  const [found] = await rows<{ available: number; digital: number; requestable: number; bookable: number }>(
    db,
    sql`select count(*)::int as available, count(*) filter (where is_digital)::int as digital,
               count(*) filter (where request_form is not null)::int as requestable,
               count(*) filter (where exists (select 1 from unit_agendas ua where ua.service_id = s.id and ua.active))::int as bookable
        from services s where s.active and (${scope.departmentId}::int is null or s.department_id = ${scope.departmentId}::int)
          and (${scope.serviceId}::int is null or s.id = ${scope.serviceId}::int)`,
  );
  return found!;
}

/** The next free time of each bookable service in scope, as a day in Piauí. */
export function nextFreeTimes(db: Database, scope: Scope, now: Date) {
  return rows<{ slug: string; title: string; day: string }>(
    db,
    sql`select s.slug, s.title, min(${local(sql`t.starts_at`)})::date::text as day
        from appointment_slots t join unit_agendas a on a.id = t.agenda_id join services s on s.id = a.service_id
        where a.active and s.active and t.starts_at > ${now.toISOString()}::timestamptz and t.booked < t.capacity
          and (${scope.departmentId}::int is null or s.department_id = ${scope.departmentId}::int) and (${scope.serviceId}::int is null or s.id = ${scope.serviceId}::int)
        group by s.slug, s.title order by 3, 2 limit 50`,
  );
}

export async function departmentBySlug(db: Database, slug: string) {
  const [found] = await rows<{ id: number; slug: string; name: string }>(db, sql`select id, slug, short_name as name from departments where slug = ${slug}`);
  return found ?? null;
}

export async function serviceBySlug(db: Database, slug: string) {
  const [found] = await rows<{ id: number; slug: string; title: string; departmentId: number }>(
    db,
    sql`select id, slug, title, department_id as "departmentId" from services where slug = ${slug}`,
  );
  return found ?? null;
}

export function names(db: Database, by: 'department' | 'service', ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  return by === 'department'
    ? rows<{ id: number; slug: string; name: string }>(db, sql`select id, slug, short_name as name from departments where id in (${list})`)
    : rows<{ id: number; slug: string; name: string }>(db, sql`select id, slug, title as name from services where id in (${list})`);
}
