import { schema, type Database } from '@portal/db';

export type NewVital = typeof schema.webVitals.$inferInsert;

export async function insertVitals(db: Database, vitals: NewVital[]): Promise<void> {
  if (!vitals.length) return;
  await db.insert(schema.webVitals).values(vitals);
}
