import { schema, type Database } from '@portal/db';

export interface VitalRow {
  name: string;
  value: number;
  rating: string;
  page: string;
  navigationType: string;
}

export async function insertVitals(db: Database, vitals: VitalRow[]): Promise<void> {
  if (!vitals.length) return;
  await db.insert(schema.webVitals).values(vitals);
}
