import { and, eq, sql } from 'drizzle-orm';
import { schema, type Database } from '@portal/db';

const { ratings, services } = schema;

export async function serviceExists(db: Database, id: number) {
  const found = await db.select({ id: services.id }).from(services).where(and(eq(services.id, id), eq(services.active, true)));
  return found.length > 0;
}

/**
 * Stores the vote and answers the new average and count, both derived from every vote. A ballot that voted on
 * the service before changes its vote (one statement: two of its votes at once still make one).
 */
export async function addVote(db: Database, serviceId: number, value: number, voter: string, ballot: string | null) {
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(ratings)
      .values({ serviceId, value, voter, ballot })
      .onConflictDoUpdate({ target: [ratings.serviceId, ratings.ballot], targetWhere: sql`${ratings.ballot} is not null`, set: { value, voter, createdAt: sql`now()` } })
      // xmax is set on a row version an update made: the ballot had voted before
      .returning({ updated: sql<boolean>`xmax <> 0` });
    const [totals] = await tx
      .select({ average: sql<number>`avg(${ratings.value})::float8`, count: sql<number>`count(*)::int` })
      .from(ratings)
      .where(eq(ratings.serviceId, serviceId));
    return { ...totals!, updated: stored!.updated };
  });
}
