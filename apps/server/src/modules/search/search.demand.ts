import { normalizeSearchText, todayInPiaui, type Database } from '@portal/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createBatch } from '../../lib/batch.ts';
import { pgArray, rows } from '../../lib/rows.ts';
import { take } from '../../plugins/limits.ts';

/**
 * Search demand (issue 15): the searches that found nothing, and the searches that led citizens to each
 * service, so that a department sees what citizens call its services. Counted per day and text, never who
 * searched; one count per network address, text (and service) an hour, so that nobody can push a text into
 * the back office by repeating it; written in batches, as views are (lib/batch.ts).
 */

/** One count per address, text and service an hour. */
const PER_ADDRESS = { points: 1, seconds: 3600 } as const;
/** Longer texts are not what a citizen types into a search box: not kept. */
const MAX_QUERY_LENGTH = 80;

/**
 * The text as the back office may keep it (normalised, as the search reads it), or null when it may hold
 * personal data (a CPF, a phone or card number, a licence plate's digits are five or more digits in a row
 * once separators are gone; an e-mail address) or is not a search at all.
 */
export function keepableQuery(typed: string): string | null {
  if (typed.includes('@')) return null;
  const text = normalizeSearchText(typed);
  if (!text || text.length > MAX_QUERY_LENGTH) return null;
  if (/\d{5,}/.test(text.replace(/(?<=\d) (?=\d)/g, ''))) return null;
  return text;
}

/**
 * The text of the search results page a request came from (its Referer, which the portal's
 * Referrer-Policy sends whole only within the portal), or null.
 */
export function searchedFrom(request: FastifyRequest, basePath: string): string | null {
  const referer = request.headers.referer;
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  const prefix = `${basePath}/search/`;
  if (!url.pathname.startsWith(prefix)) return null;
  try {
    return decodeURIComponent(url.pathname.slice(prefix.length).split('/')[0]!);
  } catch {
    return null;
  }
}

type Count = { kind: 'miss'; query: string; day: string } | { kind: 'arrival'; query: string; day: string; slug: string };

async function write(db: Database, counts: Count[]) {
  const misses = new Map<string, { day: string; query: string; n: number }>();
  const arrivals = new Map<string, { day: string; query: string; slug: string; n: number }>();
  for (const c of counts) {
    if (c.kind === 'miss') {
      const key = `${c.day}\0${c.query}`;
      misses.set(key, { day: c.day, query: c.query, n: (misses.get(key)?.n ?? 0) + 1 });
    } else {
      const key = `${c.day}\0${c.query}\0${c.slug}`;
      arrivals.set(key, { day: c.day, query: c.query, slug: c.slug, n: (arrivals.get(key)?.n ?? 0) + 1 });
    }
  }
  if (misses.size) {
    const values = sql.join([...misses.values()].map((m) => sql`(${m.day}::date, ${m.query}::text, ${m.n}::int)`), sql`, `);
    await db.execute(sql`insert into search_misses (day, query, searches) values ${values}
      on conflict (day, query) do update set searches = search_misses.searches + excluded.searches`);
  }
  if (arrivals.size) {
    const values = sql.join([...arrivals.values()].map((a) => sql`(${a.day}::date, ${a.query}::text, ${a.slug}::text, ${a.n}::int)`), sql`, `);
    await db.execute(sql`insert into search_arrivals (day, query, service_id, arrivals)
      select v.day, v.query, s.id, v.n from (values ${values}) as v(day, query, slug, n) join services s on s.slug = v.slug
      on conflict (day, query, service_id) do update set arrivals = search_arrivals.arrivals + excluded.arrivals`);
  }
}

export function searchDemand(app: FastifyInstance) {
  const perAddress = app.limits.limiter('search-demand', PER_ADDRESS, { exact: false });
  const batch = createBatch<Count>({ name: 'search-demand', log: app.log, intervalMs: app.config.BATCH_SECONDS * 1000, write: (counts) => write(app.db, counts) });
  app.addHook('onClose', () => batch.close());
  const countOnce = (request: FastifyRequest, count: Count) => {
    const key = app.limits.key('search', count.kind, count.query, count.kind === 'arrival' ? count.slug : '', request.ip);
    take(perAddress, key).then(
      (outcome) => {
        if (outcome.allowed) batch.add(count);
      },
      (err) => request.log.warn({ err }, 'search demand not counted'),
    );
  };
  return {
    batch,
    /** A search (its normalised text) that found nothing. */
    missed(query: string, request: FastifyRequest) {
      countOnce(request, { kind: 'miss', query, day: todayInPiaui() });
    },
    /** A service's view: counted as the search's when the citizen came from its results. */
    viewed(slug: string, request: FastifyRequest) {
      const typed = searchedFrom(request, app.config.BASE_PATH);
      const query = typed === null ? null : keepableQuery(typed);
      if (query) countOnce(request, { kind: 'arrival', query, slug, day: todayInPiaui() });
    },
  };
}

/** Since how many days the back office reads search demand. */
export const DEMAND_DAYS = 90;

/** The texts that led to a service in the last DEMAND_DAYS, most first. */
export function arrivalsOf(db: Database, serviceId: number, today: string, limit = 20) {
  return rows<{ query: string; count: number }>(
    db,
    sql`select query, sum(arrivals)::int as count from search_arrivals
        where service_id = ${serviceId} and day > ${today}::date - ${DEMAND_DAYS}::int
        group by query order by count desc, query limit ${limit}`,
  );
}

/**
 * The searches that found nothing in the last DEMAND_DAYS, most first: all of them (the central team, `null`), or
 * those that concern these departments: a word of the search (as the search stems it) is in one of their services
 * on line. 'renovar cnh vencida ontem' reaches DETRAN-PI; 'qwerty plutao' reaches no department.
 */
export function missesSince(db: Database, today: string, departmentSlugs: string[] | null, limit = 30) {
  const concerns =
    departmentSlugs === null
      ? sql`true`
      : sql`exists (select 1 from services s join departments d on d.id = s.department_id
                    where s.active and d.slug = any(${pgArray(departmentSlugs)}::text[])
                      and s.search_vector @@ to_tsquery('simple', (select string_agg(quote_literal(word), ' | ') from unnest(tsvector_to_array(to_tsvector('pt_unaccent', m.query))) word)))`;
  return rows<{ query: string; count: number }>(
    db,
    sql`select m.query, sum(m.searches)::int as count from search_misses m
        where m.day > ${today}::date - ${DEMAND_DAYS}::int and ${concerns}
        group by m.query order by count desc, m.query limit ${limit}`,
  );
}

// --- test searches: texts a service must keep being found by -------------------------------------------------

export function testQueries(db: Database, serviceId: number) {
  return rows<{ query: string; createdByName: string }>(
    db,
    sql`select query, created_by_name as "createdByName" from service_test_queries where service_id = ${serviceId} order by created_at, query`,
  );
}

/** Adds a test search; false when the service already has it. */
export async function addTestQuery(db: Database, serviceId: number, query: string, byName: string) {
  const added = await rows(db, sql`insert into service_test_queries (service_id, query, created_by_name) values (${serviceId}, ${query}, ${byName}) on conflict do nothing returning 1`);
  return added.length > 0;
}

/** Removes a test search; false when the service did not have it. */
export async function removeTestQuery(db: Database, serviceId: number, query: string) {
  return (await rows(db, sql`delete from service_test_queries where service_id = ${serviceId} and query = ${query} returning 1`)).length > 0;
}

/** What of a service's content the search reads (the migration's refresh_service_search, for a draft not yet stored there). */
export interface SearchableContent {
  title: string;
  description: string;
  popularNames: string[];
  tags: string[];
}

/**
 * For each tsquery (the every-word query the search builds from a text), whether the published service and
 * the draft match it. The draft's words are weighed as refresh_service_search weighs them; its department
 * and category words are the published ones.
 */
export async function matches(db: Database, serviceId: number, draft: SearchableContent, tsqueries: string[]) {
  if (!tsqueries.length) return [];
  return rows<{ live: boolean; draft: boolean }>(
    db,
    sql`select coalesce(s.search_vector @@ q.tsq::tsquery, false) as live,
               coalesce((search_both('A', ${draft.title}) || search_both('A', ${draft.popularNames.join(' ')})
                 || search_both('B', ${draft.tags.join(' ')}) || search_both('C', regexp_replace(${draft.description}, '<[^>]+>', ' ', 'g'))
                 || ts_filter(coalesce(s.search_vector, ''::tsvector), '{d}')) @@ q.tsq::tsquery, false) as draft
        from unnest(${pgArray(tsqueries)}::text[]) with ordinality as q(tsq, n)
        cross join services s where s.id = ${serviceId} order by q.n`,
  );
}
