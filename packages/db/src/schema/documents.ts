import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { departments, services } from './catalog.ts';
import { serviceRequests } from './requests.ts';

// ---------------------------------------------------------------------------------------------------------
// Issued documents (issue 28, apps/server/src/modules/documents): what a department issues on concluding a
// request, which anyone can check by its code at /app/verificar. Kept as issued: only its revocation changes.
// ---------------------------------------------------------------------------------------------------------

export const issuedDocuments = pgTable(
  'issued_documents',
  {
    id: serial('id').primaryKey(),
    /** 12 characters of an alphabet without look-alikes (contracts' documents.ts), stored without hyphens */
    code: text('code').notNull().unique(),
    /** the request it concluded; null for a document issued without one */
    requestId: integer('request_id').references(() => serviceRequests.id, { onDelete: 'set null' }),
    /** whose it is (the identity provider's sub, as service_requests.citizen_sub), and their name as issued */
    citizenSub: text('citizen_sub').notNull(),
    citizenName: text('citizen_name').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    departmentSlug: text('department_slug')
      .notNull()
      .references(() => departments.slug, { onUpdate: 'cascade' }),
    title: text('title').notNull(),
    /** plain text; paragraphs separated by blank lines */
    text: text('text').notNull(),
    issuedBySub: text('issued_by_sub').notNull(),
    issuedByName: text('issued_by_name').notNull(),
    issuedByUsername: text('issued_by_username').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBySub: text('revoked_by_sub'),
    revokedByName: text('revoked_by_name'),
    revocationReason: text('revocation_reason'),
  },
  (t) => [index('issued_documents_citizen_idx').on(t.citizenSub, t.issuedAt), index('issued_documents_request_idx').on(t.requestId)],
);
