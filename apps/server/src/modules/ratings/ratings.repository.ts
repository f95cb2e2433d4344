import { and, eq, sql } from 'drizzle-orm';
import { schema, type Database } from '@portal/db';

const { ratings, services } = schema;

export async function serviceExists(db: Database, id: number) {
  const found = await db.select({ id: services.id }).from(services).where(and(eq(services.id, id), eq(services.active, true)));
  return found.length > 0;
}

/** Stores the vote and answers the new average and count, both derived from every vote. */
export async function addVote(db: Database, serviceId: number, value: number, voter: string) {
  return db.transaction(async (tx) => {
    await tx.insert(ratings).values({ serviceId, value, voter });
    const [totals] = await tx
      .select({ average: sql<number>`avg(${ratings.value})::float8`, count: sql<number>`count(*)::int` })
      .from(ratings)
      .where(eq(ratings.serviceId, serviceId));
    return totals!;
  });
}
