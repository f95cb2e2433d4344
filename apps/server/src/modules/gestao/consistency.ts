import type { ConsistencyReport, ServiceContent } from '@portal/contracts';
import { normalizeSearchText, type Database } from '@portal/db';
import { sql } from 'drizzle-orm';
import { pgArray, rows } from '../../lib/rows.ts';

/**
 * Consistency across the catalog (issue 15): the central team sees where services disagree on a fact that
 * should read the same everywhere (the same document named differently, the same unit with two addresses)
 * and makes them agree. Found here; merged by the routes (documents as changes each department reviews,
 * unit addresses at once, as the department pages change).
 */

type Mention = { id: number; title: string; department: string };

/** Words that do not tell one document from another. */
const FILLER = new Set(['a', 'o', 'as', 'os', 'de', 'da', 'do', 'das', 'dos', 'e', 'ou', 'com', 'em', 'no', 'na', 'nos', 'nas', 'para', 'por', 'um', 'uma']);

/** What names a document: its words, without accents, fillers or what is in parentheses ('(original)', '(últimos 90 dias)'). */
export function documentWords(name: string): Set<string> {
  return new Set(
    normalizeSearchText(name.replace(/\([^)]*\)/g, ' '))
      .split(' ')
      .filter((word) => word && !FILLER.has(word)),
  );
}

const overlap = (a: Set<string>, b: Set<string>) => {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared || 1);
};

/** Two names whose words overlap this much (shared over all) may name one document: the central team decides. */
const SAME_DOCUMENT = 0.6;

/**
 * Document names that may name one document, each group led by its most used name. A name joins the first
 * group whose leading name is close enough (never a chain of names each close to the last).
 */
export function similarDocuments(uses: { name: string; service: Mention }[]): ConsistencyReport['documents'] {
  const byName = new Map<string, Map<number, Mention>>();
  for (const use of uses) {
    const name = use.name.trim();
    if (!name) continue;
    if (!byName.has(name)) byName.set(name, new Map());
    byName.get(name)!.set(use.service.id, use.service);
  }
  const names = [...byName.keys()].sort((a, b) => byName.get(b)!.size - byName.get(a)!.size || a.localeCompare(b, 'pt-BR'));
  const groups: { words: Set<string>; names: string[] }[] = [];
  for (const name of names) {
    const words = documentWords(name);
    if (!words.size) continue;
    const group = groups.find((g) => overlap(g.words, words) >= SAME_DOCUMENT);
    if (group) group.names.push(name);
    else groups.push({ words, names: [name] });
  }
  return groups
    .filter((g) => g.names.length > 1)
    .map((g) => ({ names: g.names.map((name) => ({ name, services: [...byName.get(name)!.values()].sort((a, b) => a.title.localeCompare(b.title, 'pt-BR')) })) }));
}

/** Every document named in the steps of the services (as published), with its service. */
export function documentUses(db: Database) {
  return rows<{ name: string; id: number; title: string; department: string }>(
    db,
    sql`select distinct sd.name, s.id, s.title, d.short_name as department
        from step_documents sd join service_steps st on st.id = sd.step_id join services s on s.id = st.service_id
        join departments d on d.id = s.department_id`,
  );
}

type UnitRow = ConsistencyReport['units'][number]['units'][number] & { name: string };

/** Units of the same name (in any department) whose addresses differ. */
export async function unitsApart(db: Database): Promise<ConsistencyReport['units']> {
  const units = await rows<UnitRow>(
    db,
    sql`select u.slug, u.name, d.short_name as department, u.address, u.district, u.city, u.postal_code as "postalCode",
               (select count(*)::int from service_sections ss where ss.section_id = u.id) as services
        from department_sections u join departments d on d.id = u.department_id where u.active order by u.name, u.slug`,
  );
  const byName = new Map<string, UnitRow[]>();
  for (const unit of units) {
    const key = normalizeSearchText(unit.name);
    byName.set(key, [...(byName.get(key) ?? []), unit]);
  }
  const where = (u: UnitRow) => normalizeSearchText(`${u.address} ${u.city}`);
  return [...byName.values()]
    .filter((same) => same.length > 1 && new Set(same.map(where)).size > 1)
    .map((same) => ({ name: same[0]!.name, units: same.map(({ name: _name, ...unit }) => unit) }));
}

/** Copies one unit's address (and its place on the map) to others; how many changed. */
export async function copyAddress(db: Database, source: string, targets: string[]) {
  const changed = await rows(
    db,
    sql`update department_sections t set address = s.address, district = s.district, complement = s.complement, postal_code = s.postal_code,
               city = s.city, latitude = s.latitude, longitude = s.longitude
        from department_sections s where s.slug = ${source} and t.slug = any(${pgArray(targets)}::text[]) and t.slug <> s.slug
        returning t.department_id`,
  );
  return changed.length;
}

/** The services whose published steps name any of `names`. */
export function servicesNaming(db: Database, names: string[]) {
  return rows<{ id: number }>(
    db,
    sql`select distinct st.service_id as id from step_documents sd join service_steps st on st.id = sd.step_id
        where sd.name = any(${pgArray(names)}::text[]) order by 1`,
  );
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The content with each of `variants` renamed `canonical`: in the steps' documents (once per step), and in
 * the information blocks about documents ('Documentos necessários') where a whole item or paragraph is that
 * name (never inside a longer one: 'CPF' is not renamed in 'CPF ou CNPJ').
 */
export function renameDocument(content: ServiceContent, variants: string[], canonical: string): ServiceContent {
  const renamed = new Set(variants);
  const whole = variants.map((variant) => new RegExp(`(^|>)(\\s*)${escapeRegExp(escapeHtml(variant))}(\\s*)(?=<|$)`, 'g'));
  return {
    ...content,
    steps: content.steps.map((step) => ({ ...step, documents: [...new Set(step.documents.map((d) => (renamed.has(d.trim()) ? canonical : d)))] })),
    info: content.info.map((block) =>
      /documento/i.test(block.title) ? { ...block, text: whole.reduce((text, pattern) => text.replace(pattern, (_all, start: string, before: string, after: string) => `${start}${before}${escapeHtml(canonical)}${after}`), block.text) } : block,
    ),
  };
}
