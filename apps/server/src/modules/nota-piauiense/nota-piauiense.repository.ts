import { sql } from 'drizzle-orm';
import type { Database } from '@portal/db';
import { rows } from '../../lib/rows.ts';

export async function balance(db: Database, userSub: string) {
  return (
    await rows<{ released: string; pending: string }>(
      db,
      sql`select released_balance::text as released, pending_balance::text as pending from nota_piauiense_accounts where user_sub = ${userSub}`,
    )
  )[0] ?? null;
}

export function receipts(db: Database, userSub: string) {
  return rows<{ id: string | number; issued_on: string; issuer_name: string; issuer_cnpj: string; amount: string; credit: string; status: string }>(
    db,
    sql`select id, issued_on::text as issued_on, issuer_name, issuer_cnpj, amount::text as amount, credit::text as credit, status
        from nota_piauiense_receipts where user_sub = ${userSub} order by issued_on desc, id desc limit 200`,
  );
}
