import { customType, timestamp } from 'drizzle-orm/pg-core';

// Column types and groups the feature schemas share.

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
