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

/** Citizens with an account in the portal's identity provider. */
export async function countCitizensRegistered(db: Database): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from users`);
  return row?.n ?? 0;
}
