import { desc, eq } from 'drizzle-orm';
import { schema, type Database } from '@portal/db';

const { notaPiauienseAccounts: accounts, notaPiauienseReceipts: receiptsTable } = schema;

// Money comes back as numeric text ('12.30'), never through a float.

export async function balance(db: Database, userSub: string) {
  const [found] = await db
    .select({ released: accounts.releasedBalance, pending: accounts.pendingBalance })
    .from(accounts)
    .where(eq(accounts.userSub, userSub));
  return found ?? null;
}

export function receipts(db: Database, userSub: string) {
  return db
    .select()
    .from(receiptsTable)
    .where(eq(receiptsTable.userSub, userSub))
    .orderBy(desc(receiptsTable.issuedOn), desc(receiptsTable.id))
    .limit(200);
}
