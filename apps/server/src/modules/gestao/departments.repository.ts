import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { normalizeSearchText, schema } from '@portal/db';
import type { Db } from './gestao.repository.ts';

/** A department's page and units, as its staff edit them, and the unit changes its editors propose (issue 15). */
const { departments, departmentSections } = schema;

// --- department pages and units --------------------------------------------------------------------------

export async function departmentPage(db: Db, slug: string) {
  const [department] = await db.select().from(departments).where(eq(departments.slug, slug));
  if (!department) return null;
  const units = await db.select().from(departmentSections).where(eq(departmentSections.departmentId, department.id)).orderBy(asc(departmentSections.name));
  return { department, units };
}

export async function updateDepartment(db: Db, id: number, values: { name: string; description: string; mission: string; vision: string; values: string; link: string }) {
  await db.update(departments).set(values).where(eq(departments.id, id));
}

type UnitValues = Omit<typeof departmentSections.$inferInsert, 'id' | 'departmentId' | 'slug'>;

export async function updateUnit(db: Db, departmentId: number, slug: string, values: UnitValues) {
  const updated = await db
    .update(departmentSections)
    .set(values)
    .where(and(eq(departmentSections.departmentId, departmentId), eq(departmentSections.slug, slug)))
    .returning({ id: departmentSections.id });
  return updated.length > 0;
}

/** A new unit, named by a slug made from its name and department (unique across the catalog). */
export async function insertUnit(db: Db, departmentId: number, departmentSlug: string, values: UnitValues) {
  const base = `${departmentSlug}-${normalizeSearchText(values.name ?? '').replace(/\s+/g, '-')}`.slice(0, 100).replace(/-+$/, '');
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [created] = await db.insert(departmentSections).values({ ...values, departmentId, slug }).onConflictDoNothing().returning({ slug: departmentSections.slug });
    if (created) return created.slug;
  }
}

// --- unit changes proposed by editors ----------------------------------------------------------------------

export type UnitProposalRow = typeof schema.unitProposals.$inferSelect;

export async function insertUnitProposal(db: Db, values: typeof schema.unitProposals.$inferInsert) {
  const [created] = await db.insert(schema.unitProposals).values(values).returning();
  return created!;
}

/** The department's pending proposals, and the caller's own of the last 30 days whatever their state. */
export function unitProposalsOf(db: Db, departmentId: number, sub: string) {
  return db
    .select()
    .from(schema.unitProposals)
    .where(
      and(
        eq(schema.unitProposals.departmentId, departmentId),
        sql`(${schema.unitProposals.state} = 'pendente' or (${schema.unitProposals.proposedBy} = ${sub} and ${schema.unitProposals.createdAt} > now() - interval '30 days'))`,
      ),
    )
    .orderBy(desc(schema.unitProposals.id));
}

export async function findUnitProposal(db: Db, departmentId: number, id: number): Promise<UnitProposalRow | null> {
  const [found] = await db.select().from(schema.unitProposals).where(and(eq(schema.unitProposals.id, id), eq(schema.unitProposals.departmentId, departmentId)));
  return found ?? null;
}

/** Marks a pending proposal applied or refused; false when it was no longer pending (another reviewer got there first). */
export async function closeUnitProposal(db: Db, id: number, state: 'aplicada' | 'recusada', by: string, comment = '') {
  const closed = await db
    .update(schema.unitProposals)
    .set({ state, reviewedBy: by, reviewedAt: new Date(), comment })
    .where(and(eq(schema.unitProposals.id, id), eq(schema.unitProposals.state, 'pendente')))
    .returning({ id: schema.unitProposals.id });
  return closed.length > 0;
}
