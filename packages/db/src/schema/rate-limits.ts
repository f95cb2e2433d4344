import { bigint, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

// ---------------------------------------------------------------------------------------------------
// Rate limits (plugins/limits.ts, docs/decisions/007-rate-limits.md): rate-limiter-flexible's Postgres
// store, one row per limited key. Keys are one-way hashes (never an address or a username); `expire` is
// in epoch milliseconds; modules/retention deletes expired rows.
// ---------------------------------------------------------------------------------------------------
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);
