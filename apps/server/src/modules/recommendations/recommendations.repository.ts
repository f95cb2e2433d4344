import { sql } from 'drizzle-orm';
import type { Database } from '@portal/db';
import { rows } from '../../lib/rows.ts';
import type { ServiceFeatures } from './recommendations.ranker.ts';

/** How far back the access log counts: tastes change. */
const WINDOW = sql`interval '365 days'`;

/** Who used what: each citizen's accessed (within the window) and favourite services, once each. */
const CITIZEN_SERVICES = sql`select distinct user_sub, service_id from access_log where user_sub is not null and accessed_at > now() - ${WINDOW}
          union
          select user_sub, service_id from favorites`;

/** The citizen's services: up to 3 points for accesses, 2 for a favourite. */
export async function history(db: Database, userSub: string): Promise<Map<number, number>> {
  const found = await rows<{ service_id: number; weight: number }>(
    db,
    sql`select service_id, sum(w)::float8 as weight from (
          select service_id, least(count(*), 3)::float8 as w from access_log
          where user_sub = ${userSub} and accessed_at > now() - ${WINDOW} group by service_id
          union all
          select service_id, 2.0 from favorites where user_sub = ${userSub}
        ) h group by service_id`,
  );
  return new Map(found.map((r) => [Number(r.service_id), Number(r.weight)]));
}

/** For each of the citizen's services, the other services the same citizens used, and how many used each. */
export async function coOccurrence(db: Database, userSub: string) {
  const pairs = await rows<{ source: number; candidate: number; together: number }>(
    db,
    sql`with ui as (${CITIZEN_SERVICES}),
        mine as (select service_id from ui where user_sub = ${userSub})
        select a.service_id as source, b.service_id as candidate, count(*)::int as together
        from ui a join ui b on b.user_sub = a.user_sub and b.service_id <> a.service_id
        where a.user_sub <> ${userSub} and a.service_id in (select service_id from mine)
        group by a.service_id, b.service_id`,
  );
  const ids = [...new Set(pairs.flatMap((p) => [Number(p.source), Number(p.candidate)]))];
  const counts = ids.length
    ? await rows<{ service_id: number; users: number }>(
        db,
        sql`with ui as (${CITIZEN_SERVICES})
            select service_id, count(*)::int as users from ui where service_id = any(${`{${ids.join(',')}}`}::int[]) group by service_id`,
      )
    : [];
  const together = new Map<number, Map<number, number>>();
  for (const p of pairs) {
    const source = Number(p.source);
    if (!together.has(source)) together.set(source, new Map());
    together.get(source)!.set(Number(p.candidate), Number(p.together));
  }
  return { together, users: new Map(counts.map((c) => [Number(c.service_id), Number(c.users)])) };
}

export async function features(db: Database): Promise<Map<number, ServiceFeatures>> {
  const found = await rows<{ id: number; slug: string; category_id: number; department_id: number; tags: number[]; active: boolean; access_count: number }>(
    db,
    sql`select s.id, s.slug, s.category_id, s.department_id, s.active, s.access_count,
               coalesce(array(select tag_id from service_tags st where st.service_id = s.id), '{}') as tags
        from services s`,
  );
  return new Map(
    found.map((r) => [
      r.id,
      { id: r.id, slug: r.slug, categoryId: r.category_id, departmentId: r.department_id, tags: r.tags.map(Number), active: r.active, popularity: r.access_count },
    ]),
  );
}

