import { sql } from 'drizzle-orm';
import type { SearchItem } from '@portal/contracts';
import { sanitizeRichText, type Database } from '@portal/db';
import { iso, rows } from './rows.ts';

// A service as a result card (the search item shape of spec §7 and the mobile app), read from one
// table: refresh_service_search() copies tags, targets, units and popular names into services.
// Shared by every module that lists services (search, recommendations).

export interface CardRow {
  id: number;
  type: string;
  title: string;
  slug: string;
  description: string;
  link: string;
  icon: string;
  image_url: string;
  is_free: boolean;
  is_online: boolean;
  is_digital: boolean;
  is_self_service: boolean;
  highlighted: boolean;
  active: boolean;
  platforms: string[];
  updated_at: string | Date;
  category: string;
  category_slug: string;
  category_icon: string;
  department: string;
  department_slug: string;
  department_short_name: string;
  result_category: string;
  access_profile: string;
  tags: string[];
  targets: string[];
  sections: string[];
  popular_names: string[];
}

/** The cards of these services, in no particular order. */
export function cardsByIds(db: Database, ids: number[]): Promise<CardRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return rows<CardRow>(
    db,
    sql`select s.id, s.type, s.title, s.slug, s.description, s.link, s.icon, s.image_url, s.is_free, s.is_online,
          s.is_digital, s.is_self_service, s.highlighted, s.active, s.platforms, s.updated_at,
          c.name as category, c.slug as category_slug, c.icon as category_icon,
          d.name as department, d.slug as department_slug, d.short_name as department_short_name,
          rc.name as result_category, ap.name as access_profile,
          s.card_tags as tags, s.card_targets as targets, s.card_sections as sections, s.card_popular_names as popular_names
        from services s
        join categories c on c.id = s.category_id
        join departments d on d.id = s.department_id
        join result_categories rc on rc.id = s.result_category_id
        join access_profiles ap on ap.id = s.access_profile_id
        where s.id = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`,
  );
}

export function toSearchItem(row: CardRow, page: { score: number | null; total: number; pageCount: number }): SearchItem {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    slug: row.slug,
    // Sanitised again on the way out, whatever wrote the row (see sanitizeRichText).
    description: sanitizeRichText(row.description),
    category: row.category,
    categorySlug: row.category_slug,
    categoryIcon: row.category_icon,
    department: row.department,
    departmentSlug: row.department_slug,
    departmentShortName: row.department_short_name,
    icon: row.icon,
    iconService: row.icon || null,
    link: row.link ?? '',
    imageUrl: row.image_url,
    resultCategory: row.result_category,
    accessProfile: row.access_profile,
    tags: row.tags,
    targets: row.targets,
    departmentSections: row.sections,
    platforms: row.platforms,
    popularNames: row.popular_names,
    isFree: row.is_free,
    isOnline: row.is_online,
    isDigital: row.is_digital,
    isSelfService: row.is_self_service,
    highlighted: row.highlighted,
    active: row.active,
    pageCount: page.pageCount,
    resultTotal: page.total,
    score: page.score == null ? null : Math.round(page.score * 10000) / 10000,
    updated_at: iso(row.updated_at),
  };
}
