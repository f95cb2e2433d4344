import { and, eq, not } from 'drizzle-orm';
import { schema, type Database } from '@portal/db';

const { departments, departmentSections } = schema;

export function listDepartments(db: Database) {
  return db.select().from(departments).where(not(departments.hidden)).orderBy(departments.shortName);
}

/** By numeric id or by slug. */
export async function findDepartment(db: Database, idOrSlug: string) {
  const byId = /^\d+$/.test(idOrSlug);
  const [found] = await db
    .select()
    .from(departments)
    .where(byId ? eq(departments.id, Number(idOrSlug)) : eq(departments.slug, idOrSlug));
  return found ?? null;
}

export function listSections(db: Database, departmentId: number) {
  return db
    .select()
    .from(departmentSections)
    .where(and(eq(departmentSections.departmentId, departmentId), eq(departmentSections.active, true)))
    .orderBy(departmentSections.id);
}
