import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { services } from './catalog.ts';

// What citizens do with services: ratings, favourites and the access log behind 'mais acessados' and
// recommendations.

export const ratings = pgTable(
  'ratings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    serviceId: integer('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    /** hash of the voter (user id or network address); never the address itself */
    voter: text('voter').notNull(),
    /**
     * hash of the browser's ballot (a random key the page keeps): the same browser voting again on the same service
     * changes its vote instead of adding one (issue 24); null for callers without one (the app, the API)
     */
    ballot: text('ballot'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ratings_service_idx').on(t.serviceId),
    uniqueIndex('ratings_ballot_idx').on(t.serviceId, t.ballot).where(sql`${t.ballot} is not null`),
    index('ratings_voter_idx').on(t.serviceId, t.voter, t.createdAt),
    // What changed since the public panel's last update (issue 30).
    index('ratings_created_idx').on(t.createdAt),
    check('ratings_value_range', sql`${t.value} between 1 and 5`),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userSub: text('user_sub').notNull(),
    serviceId: integer('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userSub, t.serviceId] })],
);

export const accessLog = pgTable(
  'access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    serviceId: integer('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    userSub: text('user_sub'),
    accessedAt: timestamp('accessed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('access_log_service_idx').on(t.serviceId), index('access_log_user_idx').on(t.userSub)],
);
