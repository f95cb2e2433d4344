import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { timestamps, tsvector } from './columns.ts';

// The public catalog: categories, departments and their service points, services and everything a
// service page shows.

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  icon: text('icon').notNull().default('folder'),
  iconapp: text('iconapp').notNull().default(''),
  corhex: text('corhex').notNull().default('#034EA2'),
  orderIndex: integer('order_index').notNull().default(0),
  hidden: boolean('hidden').notNull().default(false),
  /** audience categories list services by target instead of by category_id */
  audience: text('audience'),
  parentId: integer('parent_id'),
});

export const categoryAliases = pgTable('category_aliases', {
  alias: text('alias').primaryKey(),
  categoryId: integer('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
});

export const departments = pgTable('departments', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  shortName: text('short_name').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  mission: text('mission').notNull().default(''),
  vision: text('vision').notNull().default(''),
  values: text('values').notNull().default(''),
  link: text('link').notNull().default(''),
  hidden: boolean('hidden').notNull().default(false),
  active: boolean('active').notNull().default(true),
});

/** Other slugs of a department: the live API names departments by their full name (issue 14). */
export const departmentAliases = pgTable('department_aliases', {
  alias: text('alias').primaryKey(),
  departmentId: integer('department_id').notNull().references(() => departments.id, { onDelete: 'cascade' }),
});

export const departmentSections = pgTable(
  'department_sections',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id').notNull().references(() => departments.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    district: text('district').notNull().default(''),
    complement: text('complement').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default('PI'),
    countryCode: text('country_code').notNull().default('BR'),
    openingTime: text('opening_time').notNull().default(''),
    phone: text('phone').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('department_sections_department_idx').on(t.departmentId)],
);

export const accessProfiles = pgTable('access_profiles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  weight: integer('weight').notNull(),
});

export const resultCategories = pgTable('result_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const targets = pgTable('targets', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    type: text('type').notNull().default('CATALOG'),
    title: text('title').notNull(),
    /** sanitised HTML */
    description: text('description').notNull().default(''),
    categoryId: integer('category_id').notNull().references(() => categories.id),
    departmentId: integer('department_id').notNull().references(() => departments.id),
    accessProfileId: integer('access_profile_id').notNull().references(() => accessProfiles.id),
    resultCategoryId: integer('result_category_id').notNull().references(() => resultCategories.id),
    isFree: boolean('is_free').notNull().default(true),
    cost: text('cost').notNull().default(''),
    estimatedTime: text('estimated_time').notNull().default(''),
    isOnline: boolean('is_online').notNull().default(false),
    isDigital: boolean('is_digital').notNull().default(false),
    isSelfService: boolean('is_self_service').notNull().default(false),
    highlighted: boolean('highlighted').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** why an inactive service is no longer offered, as citizens read it ('' while it is active) */
    discontinuedReason: text('discontinued_reason').notNull().default(''),
    /** the active service that took its place, if any */
    replacedById: integer('replaced_by_id').references((): AnyPgColumn => services.id, { onDelete: 'set null' }),
    link: text('link').notNull().default(''),
    icon: text('icon').notNull().default('fa-file-lines'),
    imageUrl: text('image_url').notNull().default(''),
    platforms: text('platforms').array().notNull().default(sql`'{}'::text[]`),
    accessCount: integer('access_count').notNull().default(0),
    /** 'revisar até' (issue 15): the department confirms the content is still true by then; a publication counts */
    reviewBy: date('review_by', { mode: 'string' }).notNull().default(sql`(current_date + interval '12 months')::date`),
    /** when the department's editors were told the review date approaches (once per date) */
    reviewNotifiedAt: timestamp('review_notified_at', { withTimezone: true }),
    /** the published request form (contracts' RequestForm): citizens request the service here (issue 27); null: not here */
    requestForm: jsonb('request_form').$type<Record<string, unknown>>(),
    /** the published version (service_versions.id) the form belongs to: a request keeps the one it was filled with */
    requestFormVersion: integer('request_form_version'),
    /** the business days the department promises an answer in (issue 28) */
    deadlineDays: integer('deadline_days'),
    ...timestamps,
    /** kept up to date by refresh_service_search(); see migration 0002 */
    searchVector: tsvector('search_vector'),
    /**
     * The words that name a service (title, popular names: A; tags: B), without its description: what ranks
     * the matches of a search none of which has every word. Small enough to stay in the row (migration 0018).
     */
    searchRankVector: tsvector('search_rank_vector'),
    /** unaccented lower-case title, for ordering and trigram matching */
    searchTitle: text('search_title').notNull().default(''),
    // What a result card shows from other tables, copied by refresh_service_search() so a page of
    // search results is read from one table (see docs/decisions/001).
    cardTags: text('card_tags').array().notNull().default(sql`'{}'::text[]`),
    cardTargets: text('card_targets').array().notNull().default(sql`'{}'::text[]`),
    cardSections: text('card_sections').array().notNull().default(sql`'{}'::text[]`),
    cardPopularNames: text('card_popular_names').array().notNull().default(sql`'{}'::text[]`),
    /** popular names as normalizeSearchText() writes them ('B.O.' → 'bo'): a query equal to one names the service */
    searchNames: text('search_names').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    index('services_search_title_idx').on(t.searchTitle),
    index('services_category_idx').on(t.categoryId),
    index('services_department_idx').on(t.departmentId),
    index('services_access_count_idx').on(t.accessCount),
  ],
);

export const serviceTargets = pgTable(
  'service_targets',
  {
    serviceId: integer('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    targetId: integer('target_id').notNull().references(() => targets.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.targetId] }), index('service_targets_target_idx').on(t.targetId)],
);

export const serviceTags = pgTable(
  'service_tags',
  {
    serviceId: integer('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.tagId] }), index('service_tags_tag_idx').on(t.tagId)],
);

export const servicePopularNames = pgTable(
  'service_popular_names',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('service_popular_names_service_idx').on(t.serviceId)],
);

export const serviceSections = pgTable(
  'service_sections',
  {
    serviceId: integer('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    sectionId: integer('section_id').notNull().references(() => departmentSections.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.sectionId] })],
);

export const serviceSteps = pgTable(
  'service_steps',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    orderIndex: integer('order_index').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    channel: text('channel').notNull(),
    /** sanitised HTML */
    htmlContent: text('html_content').notNull().default(''),
    /** what the step costs: contracts' StepFee[] (issue 26) */
    fees: jsonb('fees').$type<{ amount: string; pays: string; howToPay: string }[]>().notNull().default([]),
  },
  (t) => [index('service_steps_service_idx').on(t.serviceId)],
);

export const stepDocuments = pgTable(
  'step_documents',
  {
    id: serial('id').primaryKey(),
    stepId: integer('step_id').notNull().references(() => serviceSteps.id, { onDelete: 'cascade' }),
    orderIndex: integer('order_index').notNull(),
    name: text('name').notNull(),
  },
  (t) => [index('step_documents_step_idx').on(t.stepId)],
);

export const serviceInfo = pgTable(
  'service_info',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    orderIndex: integer('order_index').notNull(),
    title: text('title').notNull(),
    /** sanitised HTML */
    text: text('text').notNull().default(''),
    icon: text('icon').notNull().default('info'),
  },
  (t) => [index('service_info_service_idx').on(t.serviceId)],
);

export const catalogDataRows = pgTable(
  'catalog_data_rows',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [index('catalog_data_rows_service_idx').on(t.serviceId)],
);
