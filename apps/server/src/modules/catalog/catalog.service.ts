import type { CatalogItem, CategoryNode } from '@portal/contracts';
import { sanitizeRichText, type Database } from '@portal/db';
import { notFound } from '../../lib/http-error.ts';
import { toDepartment, toSection } from '../../lib/mappers.ts';
import { iso } from '../../lib/rows.ts';
import * as repository from './catalog.repository.ts';

export async function categoryTree(db: Database): Promise<CategoryNode[]> {
  const all = await repository.listCategories(db);
  const nodes = new Map<number, CategoryNode>();
  for (const row of all) {
    nodes.set(row.id, {
      id: String(row.id),
      slug: row.slug,
      name: row.name,
      description: row.description,
      hidden: row.hidden,
      icon: row.icon,
      orderIndex: row.orderIndex,
      corhex: row.corhex,
      iconapp: row.iconapp,
      audience: row.audience,
      __categories__: [],
      __has_categories__: false,
    } as CategoryNode);
  }
  const roots: CategoryNode[] = [];
  for (const row of all) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId == null ? undefined : nodes.get(row.parentId);
    if (parent) {
      parent.__categories__.push(node);
      parent.__has_categories__ = true;
    } else roots.push(node);
  }
  return roots;
}

/** The weighted mean rounded to one decimal, as the stars show it. */
export const roundAverage = (average: number | null) => (average == null ? 0 : Math.round(average * 10) / 10);

/** A service as the API answers it; its rich text is sanitised here again, whatever wrote the row. */
export function toCatalogItem(doc: repository.ServiceDocument): CatalogItem {
  const c = doc.category;
  const id = String(doc.id);
  const department = toDepartment(doc.department);
  return {
    id,
    type: doc.type,
    name: doc.title,
    title: doc.title,
    description: sanitizeRichText(doc.description),
    slug: doc.slug,
    link: doc.link,
    icon: doc.icon,
    imageUrl: doc.image_url,
    created_at: iso(doc.created_at),
    updated_at: iso(doc.updated_at),
    access_counter: doc.access_count,
    page_count: doc.access_count,
    isFree: doc.is_free,
    isOnline: doc.is_online,
    isDigital: doc.is_digital,
    isSelfService: doc.is_self_service,
    highlighted: doc.highlighted,
    active: doc.active,
    discontinuedReason: doc.active ? '' : doc.discontinued_reason,
    replacedBy: doc.active ? null : doc.replaced_by,
    cost: doc.cost,
    estimatedTime: doc.estimated_time,
    tags: doc.tags,
    targets: doc.targets,
    platforms: doc.platforms,
    popularNames: doc.popular_names,
    averageRatings: { count: doc.rating_count, average: roundAverage(doc.rating_average) },
    category: {
      id: String(c.id),
      slug: c.slug,
      name: c.name,
      description: c.description,
      hidden: c.hidden,
      icon: c.icon,
      orderIndex: c.orderIndex,
      corhex: c.corhex,
      iconapp: c.iconapp,
    },
    department,
    info: doc.info.map((i) => ({ id: String(i.id), title: i.title, text: sanitizeRichText(i.text), orderIndex: i.order_index, icon: i.icon, catalogItemId: id })),
    steps: doc.steps.map((s) => ({
      id: String(s.id),
      name: s.name,
      description: s.description,
      channel: s.channel,
      htmlContent: sanitizeRichText(s.html_content),
      orderIndex: s.order_index,
      documents: s.documents,
      fees: s.fees ?? [],
      catalogItemId: id,
    })),
    departmentSections: doc.sections.map((section) => toSection(section, department)),
    resultCategory: { ...doc.result_category, id: String(doc.result_category.id) },
    accessProfile: { ...doc.access_profile, id: String(doc.access_profile.id) },
    catalogDataRow: doc.data_rows.map((r) => ({ ...r, id: String(r.id), catalogItemId: id })),
    requestable: doc.requestable,
    bookable: doc.bookable,
    deadlineDays: doc.deadline_days,
    verifiedRatings: { count: doc.verified_count, average: roundAverage(doc.verified_average) },
  };
}

/** The service, whole (its views are counted by catalog.views.ts, cached answers included). */
export async function loadService(db: Database, slug: string): Promise<CatalogItem> {
  const doc = await repository.findServiceDocument(db, slug);
  if (!doc) throw notFound('Serviço não encontrado. Confira o endereço ou busque pelo nome do serviço.');
  return toCatalogItem(doc);
}

export async function serviceForPrint(db: Database, slug: string): Promise<CatalogItem> {
  const doc = await repository.findServiceDocument(db, slug);
  if (!doc) throw notFound('Serviço não encontrado. Confira o endereço ou busque pelo nome do serviço.');
  return toCatalogItem(doc);
}
