import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// ---------------------------------------------------------------------------------------------------------
// Simplifique (issue 4, apps/server/src/modules/simplifique): citizens' suggestions to simplify services.
// ---------------------------------------------------------------------------------------------------------

/** A suggestion sent through /app/app-simplifique; name and e-mail are optional and used only to answer it. */
export const simplifiqueSuggestions = pgTable(
  'simplifique_suggestions',
  {
    id: serial('id').primaryKey(),
    /** SIMP-{year}-{id, 6 digits}: what the citizen keeps to follow up */
    protocol: text('protocol').unique(),
    /** one of SIMPLIFIQUE_SUBJECTS' keys */
    subject: text('subject').notNull(),
    service: text('service').notNull().default(''),
    message: text('message').notNull(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    /** the logged-in citizen who sent it, if any */
    userSub: text('user_sub'),
    /** one-way hash of who sent it (citizen or network address), never the address: tells the team which suggestions came from one sender (the flood limit itself is apps/server/src/plugins/limits.ts) */
    senderHash: text('sender_hash').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('simplifique_suggestions_created_idx').on(t.createdAt), index('simplifique_suggestions_sender_idx').on(t.senderHash, t.createdAt)],
);
