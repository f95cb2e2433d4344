import { sql } from 'drizzle-orm';
import type { Database } from '@portal/db';
import { rows } from '../../lib/rows.ts';

export async function countAvailableServices(db: Database): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from services where active`);
  return row?.n ?? 0;
}

export async function countDigitalServices(db: Database): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from services where active and is_digital`);
  return row?.n ?? 0;
}

/**
 * Citizens known to the portal. Until the login issue brings an accounts table, these are the distinct
 * people seen in the access log and the favourites (each identified by the subject of their token).
 */
export async function countCitizensRegistered(db: Database): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select user_sub from access_log where user_sub is not null
          union
          select user_sub from favorites
        ) people`,
  );
  return row?.n ?? 0;
}
