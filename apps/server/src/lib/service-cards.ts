import { eq, inArray } from 'drizzle-orm';
import type { SearchItem } from '@portal/contracts';
import { sanitizeRichText, schema, type Database } from '@portal/db';
import { iso } from './rows.ts';

// A service as a result card (the search item shape of spec §7 and the mobile app), read from one
// table: refresh_service_search() copies tags, targets, units and popular names into services.
// Shared by every module that lists services (search, recommendations).

const { accessProfiles, categories, departments, resultCategories, services } = schema;

const CARD_COLUMNS = {
  id: services.id,
  type: services.type,
  title: services.title,
  slug: services.slug,
  description: services.description,
  link: services.link,
  icon: services.icon,
  imageUrl: services.imageUrl,
  isFree: services.isFree,
  isOnline: services.isOnline,
  isDigital: services.isDigital,
  isSelfService: services.isSelfService,
  highlighted: services.highlighted,
  active: services.active,
  platforms: services.platforms,
  updatedAt: services.updatedAt,
  category: categories.name,
  categorySlug: categories.slug,
  categoryIcon: categories.icon,
  department: departments.name,
  departmentSlug: departments.slug,
  departmentShortName: departments.shortName,
  resultCategory: resultCategories.name,
  accessProfile: accessProfiles.name,
  tags: services.cardTags,
  targets: services.cardTargets,
  sections: services.cardSections,
  popularNames: services.cardPopularNames,
};

/** The cards of these services, in no particular order. */
export function cardsByIds(db: Database, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select(CARD_COLUMNS)
    .from(services)
    .innerJoin(categories, eq(categories.id, services.categoryId))
    .innerJoin(departments, eq(departments.id, services.departmentId))
    .innerJoin(resultCategories, eq(resultCategories.id, services.resultCategoryId))
    .innerJoin(accessProfiles, eq(accessProfiles.id, services.accessProfileId))
    .where(inArray(services.id, ids.map(Math.trunc)));
}

export type CardRow = Awaited<ReturnType<typeof cardsByIds>>[number];

export function toSearchItem(row: CardRow, page: { score: number | null; total: number; pageCount: number }): SearchItem {
  return {
    id: String(row.id),
    type: row.type,
    title: row.title,
    slug: row.slug,
    // Sanitised again on the way out, whatever wrote the row (see sanitizeRichText).
    description: sanitizeRichText(row.description),
    category: row.category,
    categorySlug: row.categorySlug,
    categoryIcon: row.categoryIcon,
    department: row.department,
    departmentSlug: row.departmentSlug,
    departmentShortName: row.departmentShortName,
    icon: row.icon,
    iconService: row.icon || null,
    link: row.link ?? '',
    imageUrl: row.imageUrl,
    resultCategory: row.resultCategory,
    accessProfile: row.accessProfile,
    tags: row.tags,
    targets: row.targets,
    departmentSections: row.sections,
    platforms: row.platforms,
    popularNames: row.popularNames,
    isFree: row.isFree,
    isOnline: row.isOnline,
    isDigital: row.isDigital,
    isSelfService: row.isSelfService,
    highlighted: row.highlighted,
    active: row.active,
    pageCount: page.pageCount,
    resultTotal: page.total,
    score: page.score == null ? null : Math.round(page.score * 10000) / 10000,
    updated_at: iso(row.updatedAt),
  };
}
