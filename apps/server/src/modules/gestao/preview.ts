import type { CatalogItem, ServiceContent } from '@portal/contracts';
import { schema, type Database } from '@portal/db';
import { asc, eq, inArray } from 'drizzle-orm';
import { toDepartment, toSection } from '../../lib/mappers.ts';
import { departmentPage } from './departments.repository.ts';

/**
 * A draft as citizens would read it once published (the preview tier of the checks): the service's public
 * shape with the draft's content in place of the published one. Ratings, views and the category stay the
 * published service's, as a publication keeps them.
 */
export async function previewItem(db: Database, live: CatalogItem, content: ServiceContent): Promise<CatalogItem> {
  const page = (await departmentPage(db, live.department.slug))!;
  const department = toDepartment(page.department);
  const units = content.units.flatMap((slug) => page.units.filter((unit) => unit.slug === slug).map((unit) => toSection(unit, department)));
  const [profile] = content.accessLevel ? await db.select().from(schema.accessProfiles).where(eq(schema.accessProfiles.name, content.accessLevel)) : [];
  const [category] = await db.select().from(schema.categories).where(eq(schema.categories.slug, content.category));
  const audiences = content.audiences.length
    ? await db.select({ name: schema.targets.name }).from(schema.targets).where(inArray(schema.targets.slug, content.audiences)).orderBy(asc(schema.targets.id))
    : [];
  return {
    ...live,
    name: content.title,
    title: content.title,
    description: content.description,
    link: content.link,
    catalogDataRow: content.dataRows.map((row, i) => ({ id: String(i + 1), ...row, catalogItemId: live.id })),
    category: category
      ? { id: String(category.id), slug: category.slug, name: category.name, description: category.description, hidden: category.hidden, icon: category.icon, orderIndex: category.orderIndex, corhex: category.corhex, iconapp: category.iconapp }
      : live.category,
    targets: audiences.map((a) => a.name),
    isFree: content.isFree,
    isOnline: content.isOnline,
    isSelfService: content.isSelfService,
    cost: content.cost,
    estimatedTime: content.estimatedTime,
    tags: content.tags,
    popularNames: content.popularNames,
    info: content.info.map((block, i) => ({ id: String(i + 1), title: block.title, text: block.text, orderIndex: i, icon: 'info', catalogItemId: live.id })),
    steps: content.steps.map((step, i) => ({ id: String(i + 1), ...step, fees: step.fees ?? [], orderIndex: i + 1, catalogItemId: live.id })),
    departmentSections: units,
    requestable: !!content.requestForm,
    bookable: false,
    deadlineDays: content.deadlineDays ?? null,
    accessProfile: profile ? { id: String(profile.id), name: profile.name as CatalogItem['accessProfile']['name'], weight: profile.weight } : live.accessProfile,
  };
}
