import { sql } from 'drizzle-orm';
import type { Database } from '@portal/db';
import { rows } from '../../lib/rows.ts';

export async function serviceExists(db: Database, id: number) {
  return (await rows<{ id: number }>(db, sql`select id from services where id = ${id} and active`)).length > 0;
}

/** Stores the vote and answers the new average and count, both derived from every vote. */
export async function addVote(db: Database, serviceId: number, value: number, voter: string) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into ratings (service_id, value, voter) values (${serviceId}, ${value}, ${voter})`);
    const found = await rows<{ average: number; count: number }>(
      tx as unknown as Database,
      sql`select avg(value)::float8 as average, count(*)::int as count from ratings where service_id = ${serviceId}`,
    );
    return found[0]!;
  });
}
