import { RequestForm, type RequestFormInput } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import type { DemoCategory, DemoDepartment, DemoService } from './demo/types.ts';
import { normalizeSearchText } from './normalize.ts';
import { sanitizeRichText } from './sanitize.ts';
import * as t from './schema/index.ts';

export interface CatalogData {
  categories: DemoCategory[];
  departments: DemoDepartment[];
  services: DemoService[];
  synonyms: { term: string; expansion: string }[];
  /** services requested in the portal (issue 27): their published request form, checked by the contracts' schema */
  requestForms?: Record<string, { deadlineDays: number; form: RequestFormInput }>;
}

export const ACCESS_LEVELS = [
  { name: 'BRONZE', weight: 1 },
  { name: 'PRATA', weight: 2 },
  { name: 'OURO', weight: 3 },
  { name: 'OPALA', weight: 4 },
] as const;

export const TARGETS = [
  { slug: 'cidadao', name: 'Cidadão' },
  { slug: 'servidor', name: 'Servidor Público' },
  { slug: 'empresa', name: 'Empresa' },
] as const;

const RESULT_CATEGORY = 'Serviços';
const CHUNK = 500;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Deterministic 32-bit hash, so the demo's counters are the same on every machine. */
export function stableHash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export async function isCatalogEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: t.categories.id }).from(t.categories).limit(1);
  return rows.length === 0;
}

/** Writes a whole catalog into an empty database, in one transaction. */
export async function seedCatalog(db: Database, data: CatalogData, options: { demoActivity?: boolean } = {}) {
  await db.transaction(async (tx) => {
    const profiles = await tx.insert(t.accessProfiles).values([...ACCESS_LEVELS]).returning();
    const profileId = new Map(profiles.map((p) => [p.name, p.id]));
    const [resultCategory] = await tx.insert(t.resultCategories).values({ name: RESULT_CATEGORY }).returning();
    const targetRows = await tx.insert(t.targets).values([...TARGETS]).returning();
    const targetId = new Map(targetRows.map((r) => [r.slug, r.id]));

    const categoryRows = await tx
      .insert(t.categories)
      .values(
        data.categories.map((c) => ({
          slug: c.slug,
          name: c.name,
          description: c.description,
          icon: c.icon,
          iconapp: c.icon,
          corhex: c.corhex,
          orderIndex: c.orderIndex,
          audience: c.audience ?? null,
        })),
      )
      .returning();
    const categoryId = new Map(categoryRows.map((c) => [c.slug, c.id]));
    const aliases = data.categories.flatMap((c) => (c.aliases ?? []).map((alias) => ({ alias, categoryId: categoryId.get(c.slug)! })));
    if (aliases.length) await tx.insert(t.categoryAliases).values(aliases);
    for (const c of data.categories) {
      if (c.parent) {
        await tx.update(t.categories).set({ parentId: categoryId.get(c.parent)! }).where(sql`${t.categories.slug} = ${c.slug}`);
      }
    }

    const departmentRows = await tx
      .insert(t.departments)
      .values(
        data.departments.map((d) => ({
          slug: d.slug,
          shortName: d.shortName,
          name: d.name,
          description: d.description,
          mission: d.mission,
          vision: d.vision,
          values: d.values,
          link: d.link,
          active: d.active ?? true,
        })),
      )
      .returning();
    const departmentId = new Map(departmentRows.map((d) => [d.slug, d.id]));
    const departmentAliases = data.departments.flatMap((d) => (d.aliases ?? []).map((alias) => ({ alias, departmentId: departmentId.get(d.slug)! })));
    if (departmentAliases.length) await tx.insert(t.departmentAliases).values(departmentAliases);
    const unitRows = data.departments.flatMap((d) =>
      d.units.map((u) => ({
        departmentId: departmentId.get(d.slug)!,
        slug: u.slug,
        name: u.name,
        address: u.address,
        district: u.district,
        complement: u.complement ?? '',
        postalCode: u.postalCode,
        city: u.city,
        state: u.state,
        openingTime: u.openingTime,
        phone: u.phone ?? '',
        latitude: u.latitude,
        longitude: u.longitude,
      })),
    );
    const sections = unitRows.length ? await tx.insert(t.departmentSections).values(unitRows).returning() : [];
    const sectionsByDepartment = new Map<number, number[]>();
    for (const s of sections) {
      const list = sectionsByDepartment.get(s.departmentId) ?? [];
      list.push(s.id);
      sectionsByDepartment.set(s.departmentId, list);
    }

    const tagNames = [...new Set(data.services.flatMap((s) => s.tags.map((tag) => tag.toLowerCase().trim())))];
    const tagId = new Map<string, number>();
    for (const part of chunks(tagNames)) {
      for (const row of await tx.insert(t.tags).values(part.map((name) => ({ name }))).returning()) tagId.set(row.name, row.id);
    }

    for (const part of chunks(data.services)) {
      const inserted = await tx
        .insert(t.services)
        .values(
          part.map((s) => {
            const category = categoryId.get(s.category);
            const department = departmentId.get(s.department);
            if (!category) throw new Error(`service ${s.slug}: unknown category ${s.category}`);
            if (!department) throw new Error(`service ${s.slug}: unknown department ${s.department}`);
            return {
              slug: s.slug,
              title: s.title,
              description: sanitizeRichText(s.description),
              categoryId: category,
              departmentId: department,
              accessProfileId: profileId.get(s.accessProfile)!,
              resultCategoryId: resultCategory!.id,
              isFree: s.isFree,
              cost: s.cost ?? '',
              estimatedTime: s.estimatedTime,
              isOnline: s.isOnline,
              isDigital: s.isDigital,
              isSelfService: s.isSelfService,
              highlighted: s.highlighted ?? false,
              active: s.active ?? true,
              discontinuedReason: s.discontinuedReason ?? '',
              link: s.link,
              icon: s.icon,
              platforms: s.isOnline ? ['WEB', 'APP'] : ['PRESENCIAL'],
              accessCount: options.demoActivity ? demoAccessCount(s) : 0,
            };
          }),
        )
        .returning({ id: t.services.id, slug: t.services.slug, departmentId: t.services.departmentId });
      const idBySlug = new Map(inserted.map((r) => [r.slug, r]));

      const targetLinks = part.flatMap((s) => [...new Set(s.targets)].map((target) => ({ serviceId: idBySlug.get(s.slug)!.id, targetId: targetId.get(target)! })));
      if (targetLinks.length) await tx.insert(t.serviceTargets).values(targetLinks);
      const tagLinks = part.flatMap((s) =>
        [...new Set(s.tags.map((tag) => tag.toLowerCase().trim()))].map((tag) => ({ serviceId: idBySlug.get(s.slug)!.id, tagId: tagId.get(tag)! })),
      );
      if (tagLinks.length) await tx.insert(t.serviceTags).values(tagLinks);
      const names = part.flatMap((s) => s.popularNames.map((name) => ({ serviceId: idBySlug.get(s.slug)!.id, name })));
      if (names.length) await tx.insert(t.servicePopularNames).values(names);
      // A service is offered at its department's units when any of its steps happens in person.
      const sectionLinks = part.flatMap((s) => {
        const row = idBySlug.get(s.slug)!;
        if (!s.steps.some((step) => step.channel === 'presencial')) return [];
        return (sectionsByDepartment.get(row.departmentId) ?? []).map((sectionId) => ({ serviceId: row.id, sectionId }));
      });
      if (sectionLinks.length) await tx.insert(t.serviceSections).values(sectionLinks);
      const info = part.flatMap((s) =>
        s.info.map((block, i) => ({ serviceId: idBySlug.get(s.slug)!.id, orderIndex: i + 1, title: block.title, text: sanitizeRichText(block.text), icon: block.icon ?? 'info' })),
      );
      if (info.length) await tx.insert(t.serviceInfo).values(info);
      const dataRows = part.flatMap((s) => (s.catalogDataRow ?? []).map((r) => ({ serviceId: idBySlug.get(s.slug)!.id, name: r.name, value: r.value })));
      if (dataRows.length) await tx.insert(t.catalogDataRows).values(dataRows);

      const stepSource = part.flatMap((s) => s.steps.map((step, i) => ({ serviceId: idBySlug.get(s.slug)!.id, orderIndex: i + 1, step })));
      for (const stepPart of chunks(stepSource)) {
        const stepRows = await tx
          .insert(t.serviceSteps)
          .values(
            stepPart.map(({ serviceId, orderIndex, step }) => ({
              serviceId,
              orderIndex,
              name: step.name,
              description: step.description,
              channel: step.channel,
              htmlContent: step.htmlContent ? sanitizeRichText(step.htmlContent) : '',
            })),
          )
          .returning({ id: t.serviceSteps.id });
        const documents = stepPart.flatMap(({ step }, i) => (step.documents ?? []).map((name, j) => ({ stepId: stepRows[i]!.id, orderIndex: j + 1, name })));
        for (const docPart of chunks(documents)) await tx.insert(t.stepDocuments).values(docPart);
      }
    }

    for (const [slug, { deadlineDays, form }] of Object.entries(data.requestForms ?? {})) {
      const parsed = RequestForm.safeParse(form);
      if (!parsed.success) throw new Error(`request form of ${slug}: ${parsed.error.issues[0]?.message}`);
      await tx.execute(sql`update services set request_form = ${JSON.stringify(parsed.data)}::jsonb, deadline_days = ${deadlineDays} where slug = ${slug}`);
    }

    // Replacements point at services that may sit in a later chunk: linked once every service exists.
    for (const s of data.services.filter((x) => x.replacedBy)) {
      await tx.execute(sql`update services set replaced_by_id = (select id from services where slug = ${s.replacedBy!}) where slug = ${s.slug}`);
    }

    const synonymRows = new Map<string, string>();
    for (const s of data.synonyms) synonymRows.set(normalizeSearchText(s.term), s.expansion);
    if (synonymRows.size) await tx.insert(t.searchSynonyms).values([...synonymRows].map(([term, expansion]) => ({ term, expansion })));

    await tx.execute(sql`select refresh_service_search(null)`);
    await tx.execute(sql`select refresh_search_lexicon()`);
    if (options.demoActivity) {
      await seedDemoRatings(tx as unknown as Database);
      // The back office's review dates (issue 15): a few services overdue, a few due within the month.
      await tx.execute(sql`update services set review_by = case when id % 9 = 0 then current_date - 15 when id % 9 = 1 then current_date + 20 else review_by end`);
    }
  });
  // Fresh statistics, or the planner guesses on tables it believes empty; the visibility map lets
  // counts read indexes instead of whole tables.
  await db.execute(sql`vacuum analyze`);
}

/**
 * What citizens open most, most first: everyday look-ups (debts, grades, points, pay slips), which are not
 * what editors highlight for 'Acesso rápido' (issue 13: the two carousels differ, as they would in life).
 */
const DEMO_MOST_USED = [
  'consulta-de-debitos-estaduais',
  'emissao-do-dae-do-ipva',
  'boletim-escolar-online',
  'consulta-de-pontuacao-da-cnh',
  'inscricao-no-cadastro-unico',
  'segunda-via-do-crv-e-crlv',
  'renovacao-da-cnh',
  'cartao-nacional-de-saude',
  'consulta-de-margem-consignavel',
  'copia-de-boletim-de-ocorrencia',
  'contracheque-de-aposentados-e-pensionistas',
  'transferencia-de-propriedade-de-veiculo',
];

/**
 * Plausible, repeatable popularity: the everyday look-ups first (they fill 'Mais acessados'), then the services
 * editors highlight (well used, so search ranks the main 'Carteira de identidade' above its variants), then a
 * spread that favours online services.
 */
function demoAccessCount(s: DemoService): number {
  const rank = DEMO_MOST_USED.indexOf(s.slug);
  const base = stableHash(s.slug) % 900;
  if (s.active === false) return base;
  return (rank >= 0 ? 20_000 - rank * 1_000 : 0) + (s.highlighted ? 5_000 : 0) + base * (s.isOnline ? 3 : 1);
}

async function seedDemoRatings(db: Database) {
  const rows = await db.select({ id: t.services.id, slug: t.services.slug }).from(t.services);
  const votes: { serviceId: number; value: number; voter: string }[] = [];
  for (const row of rows) {
    const h = stableHash(row.slug);
    const count = h % 25;
    for (let i = 0; i < count; i++) {
      // Mostly good marks with some spread, different for every service.
      const value = [5, 4, 5, 3, 4, 5, 2, 4, 1, 5][(h >>> (i % 24)) % 10]!;
      votes.push({ serviceId: row.id, value, voter: `demo-${i}` });
    }
  }
  for (const part of chunks(votes, 2000)) await db.insert(t.ratings).values(part);
}
