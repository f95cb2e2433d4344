import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// ---------------------------------------------------------------------------------------------------------
// The services' public panel (issue 30, apps/server/src/modules/panel): what the portal records, counted per month,
// per department and per service, by the job queue. The panel reads only these tables, never the requests.
// ---------------------------------------------------------------------------------------------------------

/**
 * One count of one month: `metric` says what (received requests, concluded, refused, answered within the deadline,
 * answered after `key` business days, ratings of `key` stars, ...; panel.metrics.ts lists them). A fact of no
 * department or no service has 0 there. A month is recomputed whole, so a count never drifts from its source.
 */
export const panelCounts = pgTable(
  'panel_counts',
  {
    month: date('month', { mode: 'string' }).notNull(),
    departmentId: integer('department_id').notNull(),
    serviceId: integer('service_id').notNull(),
    metric: text('metric').notNull(),
    key: text('key').notNull().default(''),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.departmentId, t.serviceId, t.metric, t.key] })],
);

/** When the counts were last brought up to date, and from which moment the next update looks for changes. */
export const panelRefreshes = pgTable(
  'panel_refreshes',
  {
    id: integer('id').primaryKey().default(1),
    /** changes at or after this moment are counted at the next update */
    changesSince: timestamp('changes_since', { withTimezone: true }).notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('panel_refreshes_one', sql`${t.id} = 1`)],
);
