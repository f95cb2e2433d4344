import { and, desc, eq, isNull } from 'drizzle-orm';
import { schema, type Database } from '@portal/db';

const { issuedDocuments, serviceRequests, services, departments } = schema;

/** The database or a transaction in it. */
export type Db = Database;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DocumentInsert = typeof issuedDocuments.$inferInsert;

/** A document with what it is shown with: its service, its department, and its request's protocol. */
const columns = {
  id: issuedDocuments.id,
  code: issuedDocuments.code,
  requestId: issuedDocuments.requestId,
  citizenSub: issuedDocuments.citizenSub,
  citizenName: issuedDocuments.citizenName,
  title: issuedDocuments.title,
  text: issuedDocuments.text,
  issuedByName: issuedDocuments.issuedByName,
  issuedByUsername: issuedDocuments.issuedByUsername,
  issuedAt: issuedDocuments.issuedAt,
  revokedAt: issuedDocuments.revokedAt,
  revokedByName: issuedDocuments.revokedByName,
  revocationReason: issuedDocuments.revocationReason,
  protocol: serviceRequests.protocol,
  serviceSlug: services.slug,
  serviceTitle: services.title,
  departmentSlug: departments.slug,
  departmentName: departments.name,
  departmentShortName: departments.shortName,
};
export type DocumentRow = NonNullable<Awaited<ReturnType<typeof byCode>>>;

const select = (db: Db) =>
  db
    .select(columns)
    .from(issuedDocuments)
    .innerJoin(services, eq(services.id, issuedDocuments.serviceId))
    .innerJoin(departments, eq(departments.slug, issuedDocuments.departmentSlug))
    .leftJoin(serviceRequests, eq(serviceRequests.id, issuedDocuments.requestId));

/** Stores a document unless its code is taken (then null: the caller draws another). */
export async function insert(tx: Db | Tx, values: DocumentInsert): Promise<{ id: number; code: string } | null> {
  const [row] = await tx.insert(issuedDocuments).values(values).onConflictDoNothing({ target: issuedDocuments.code }).returning({ id: issuedDocuments.id, code: issuedDocuments.code });
  return row ?? null;
}

export async function byCode(db: Db, code: string) {
  const [row] = await select(db).where(eq(issuedDocuments.code, code));
  return row ?? null;
}

/** One of the citizen's own documents: someone else's is not found, exactly like one that does not exist. */
export async function ownById(db: Db, citizenSub: string, id: number) {
  const [row] = await select(db).where(and(eq(issuedDocuments.id, id), eq(issuedDocuments.citizenSub, citizenSub)));
  return row ?? null;
}

/** The citizen's documents, the newest first. */
export const ofCitizen = (db: Db, citizenSub: string) => select(db).where(eq(issuedDocuments.citizenSub, citizenSub)).orderBy(desc(issuedDocuments.issuedAt), desc(issuedDocuments.id));

/**
 * Revokes a document that is not revoked yet, in one conditional statement: of two revocations at once exactly one
 * changes the row; the other gets null.
 */
export async function revoke(db: Db, code: string, values: { at: Date; bySub: string; byName: string; reason: string }): Promise<boolean> {
  const changed = await db
    .update(issuedDocuments)
    .set({ revokedAt: values.at, revokedBySub: values.bySub, revokedByName: values.byName, revocationReason: values.reason })
    .where(and(eq(issuedDocuments.code, code), isNull(issuedDocuments.revokedAt)))
    .returning({ id: issuedDocuments.id });
  return changed.length > 0;
}
