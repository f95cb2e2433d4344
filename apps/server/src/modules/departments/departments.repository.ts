import { sql } from 'drizzle-orm';
import type { Database } from '@portal/db';
import type { DepartmentRow, SectionRow } from '../../lib/mappers.ts';
import { rows } from '../../lib/rows.ts';

export function listDepartments(db: Database) {
  return rows<DepartmentRow>(db, sql`select * from departments where not hidden order by short_name`);
}

/** By numeric id or by slug. */
export async function findDepartment(db: Database, idOrSlug: string) {
  const byId = /^\d+$/.test(idOrSlug);
  const found = await rows<DepartmentRow>(
    db,
    byId ? sql`select * from departments where id = ${Number(idOrSlug)}` : sql`select * from departments where slug = ${idOrSlug}`,
  );
  return found[0] ?? null;
}

export function listSections(db: Database, departmentId: number) {
  return rows<SectionRow>(db, sql`select * from department_sections where department_id = ${departmentId} and active order by id`);
}
