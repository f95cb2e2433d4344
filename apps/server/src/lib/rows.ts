import type { SQL } from 'drizzle-orm';
import type { Database } from '@portal/db';

/** Rows of a raw query; PGlite and node-postgres both answer with `.rows`. */
export async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A list as one PostgreSQL array literal (`${pgArray(values)}::text[]`), the same way on PGlite and node-postgres. */
export function pgArray(values: readonly (string | number)[]): string {
  return `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}

export const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * A query built once per database and prepared (`.prepare(name)`): node-postgres has each connection parse and
 * plan it once, then only runs it; on PGlite it runs as any query. For the few queries every call makes.
 */
export function preparedPer<Db extends object, Prepared>(build: (db: Db) => Prepared): (db: Db) => Prepared {
  const kept = new WeakMap<Db, Prepared>();
  return (db) => {
    let prepared = kept.get(db);
    if (!prepared) {
      prepared = build(db);
      kept.set(db, prepared);
    }
    return prepared;
  };
}
