import { schema, type Database } from '@portal/db';
import { desc, eq } from 'drizzle-orm';

export interface NewSuggestion {
  subject: string;
  service: string;
  message: string;
  name: string;
  email: string;
  userSub: string | null;
  senderHash: string;
}

/** Stores a suggestion and gives it its protocol number (SIMP-{year}-{id}), in one transaction. */
export async function insertSuggestion(db: Database, suggestion: NewSuggestion, now: Date = new Date()): Promise<{ protocol: string; createdAt: Date }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schema.simplifiqueSuggestions)
      .values({ ...suggestion, createdAt: now })
      .returning({ id: schema.simplifiqueSuggestions.id, createdAt: schema.simplifiqueSuggestions.createdAt });
    const protocol = `SIMP-${now.getUTCFullYear()}-${String(row!.id).padStart(6, '0')}`;
    await tx.update(schema.simplifiqueSuggestions).set({ protocol }).where(eq(schema.simplifiqueSuggestions.id, row!.id));
    return { protocol, createdAt: row!.createdAt };
  });
}

export async function findSuggestion(db: Database, protocol: string) {
  const [row] = await db.select().from(schema.simplifiqueSuggestions).where(eq(schema.simplifiqueSuggestions.protocol, protocol)).limit(1);
  return row ?? null;
}

/** The suggestions one citizen sent while logged in, newest first. */
export async function listByUser(db: Database, userSub: string, limit = 100) {
  const t = schema.simplifiqueSuggestions;
  return db
    .select({ protocol: t.protocol, subject: t.subject, service: t.service, message: t.message, createdAt: t.createdAt })
    .from(t)
    .where(eq(t.userSub, userSub))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(limit);
}
