import { and, eq, inArray, not, or } from 'drizzle-orm';
import { DB_INTEGER_MAX } from '@portal/contracts';
import { schema, type Database } from '@portal/db';

const { departmentAliases, departments, departmentSections } = schema;

export function listDepartments(db: Database) {
  return db.select().from(departments).where(not(departments.hidden)).orderBy(departments.shortName);
}

/** By numeric id, by slug, or by another slug it answers to (the live API's long ones: department_aliases). */
export async function findDepartment(db: Database, idOrSlug: string) {
  const byId = /^\d+$/.test(idOrSlug);
  // No row has an id past PostgreSQL's integer; asked for, it would fail the query instead of finding nothing.
  if (byId && Number(idOrSlug) > DB_INTEGER_MAX) return null;
  const alias = db.select({ id: departmentAliases.departmentId }).from(departmentAliases).where(eq(departmentAliases.alias, idOrSlug));
  const [found] = await db
    .select()
    .from(departments)
    .where(byId ? eq(departments.id, Number(idOrSlug)) : or(eq(departments.slug, idOrSlug), inArray(departments.id, alias)));
  return found ?? null;
}

export function listSections(db: Database, departmentId: number) {
  return db
    .select()
    .from(departmentSections)
    .where(and(eq(departmentSections.departmentId, departmentId), eq(departmentSections.active, true)))
    .orderBy(departmentSections.id);
}
