import { sql } from 'drizzle-orm';
import { schema, type Database } from '@portal/db';
import { pgArray, rows } from '../../lib/rows.ts';
import { hrefs } from './checks.ts';

/**
 * The link checker (issue 15): visits every http(s) address the services on line link to (their link, and the
 * links inside their description, steps and information blocks), HEAD first and GET when HEAD is refused, at
 * most 4 at a time and 10 s each, and keeps the last answer of each (link_checks). It makes outbound calls, so
 * it runs only where the operator allows it (LINK_CHECK_HOURS > 0); tests point services at a local stand-in.
 */
const TIMEOUT_MS = 10_000;
const AT_ONCE = 4;

export interface LinkUse {
  url: string;
  serviceId: number;
}

/** Every http(s) address each service on line links to. */
export async function linksInUse(db: Database): Promise<LinkUse[]> {
  const texts = await rows<{ id: number; link: string; html: string }>(
    db,
    sql`select s.id, s.link, concat_ws(' ', s.description,
          (select string_agg(html_content, ' ') from service_steps where service_id = s.id),
          (select string_agg(text, ' ') from service_info where service_id = s.id)) as html
        from services s where s.active`,
  );
  const uses = new Map<string, LinkUse>();
  for (const row of texts) {
    for (const url of [row.link, ...hrefs(row.html ?? '')]) {
      if (/^https?:\/\//i.test(url)) uses.set(`${row.id} ${url}`, { url, serviceId: row.id });
    }
  }
  return [...uses.values()];
}

/** One visit: the status, or why there was none, in Portuguese. */
export async function visit(url: string): Promise<{ status: number | null; ok: boolean; problem: string }> {
  const ask = (method: 'HEAD' | 'GET') => fetch(url, { method, redirect: 'follow', signal: AbortSignal.timeout(TIMEOUT_MS), headers: { 'user-agent': 'PortalPiaui-VerificadorDeLinks/1.0' } });
  try {
    let answer = await ask('HEAD');
    if (answer.status === 405 || answer.status === 501) answer = await ask('GET');
    await answer.body?.cancel();
    if (answer.status < 400) return { status: answer.status, ok: true, problem: '' };
    const problem = answer.status === 404 || answer.status === 410 ? `Página não encontrada (${answer.status})` : answer.status >= 500 ? `Erro no site de destino (${answer.status})` : `Acesso recusado (${answer.status})`;
    return { status: answer.status, ok: false, problem };
  } catch (err) {
    const name = (err as Error).name;
    return { status: null, ok: false, problem: name === 'TimeoutError' ? `Sem resposta em ${TIMEOUT_MS / 1000} s` : 'O endereço não respondeu (site fora do ar ou endereço inexistente)' };
  }
}

/**
 * Visits every address once and records the answers with the services that link to it; addresses no service
 * links to any more are forgotten. How many addresses, and how many broken.
 */
export async function checkLinks(db: Database): Promise<{ checked: number; broken: number }> {
  const linking = new Map<string, number[]>();
  for (const use of await linksInUse(db)) linking.set(use.url, [...(linking.get(use.url) ?? []), use.serviceId]);
  const urls = [...linking.keys()];
  let broken = 0;
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      const result = { ...(await visit(url)), serviceIds: linking.get(url)!, checkedAt: new Date() };
      if (!result.ok) broken++;
      await db.insert(schema.linkChecks).values({ url, ...result }).onConflictDoUpdate({ target: schema.linkChecks.url, set: result });
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  await db.execute(sql`delete from link_checks where not (url = any(${pgArray(urls)}::text[]))`);
  return { checked: urls.length, broken };
}

/** The broken addresses with the services that linked to them at the last check, for these departments (all when null). */
/** When the checker last visited a link (null: never). */
export async function lastCheck(db: Database): Promise<string | null> {
  const [last] = await rows<{ at: string | null }>(db, sql`select to_char(max(checked_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at from link_checks`);
  return last?.at ?? null;
}

export function brokenLinks(db: Database, departmentSlugs: string[] | null) {
  return rows<{ url: string; status: number | null; problem: string; checkedAt: string; service: { id: number; title: string; department: string } }>(
    db,
    sql`select c.url, c.status, c.problem, to_char(c.checked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "checkedAt",
          json_build_object('id', s.id, 'title', s.title, 'department', d.short_name) as service
        from link_checks c join services s on s.id = any(c.service_ids) join departments d on d.id = s.department_id
        where not c.ok and s.active and (${departmentSlugs === null} or d.slug = any(${pgArray(departmentSlugs ?? [])}::text[]))
        order by d.short_name, s.title, c.url`,
  );
}
