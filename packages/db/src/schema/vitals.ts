import { bigserial, doublePrecision, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Web vitals reported by citizens' browsers (POST /v1/vitals). */
export const webVitals = pgTable(
  'web_vitals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** LCP, CLS, INP, FCP, TTFB */
    name: text('name').notNull(),
    value: doublePrecision('value').notNull(),
    /** good, needs-improvement, poor */
    rating: text('rating').notNull(),
    /** route pattern or path without query string */
    page: text('page').notNull(),
    navigationType: text('navigation_type').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('web_vitals_name_created_idx').on(t.name, t.createdAt)],
);
