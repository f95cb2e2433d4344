import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  check,
  bigint,
  date,
  numeric,
  unique,
  jsonb,
  varchar,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

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
    link: text('link').notNull().default(''),
    icon: text('icon').notNull().default('file-text'),
    imageUrl: text('image_url').notNull().default(''),
    platforms: text('platforms').array().notNull().default(sql`'{}'::text[]`),
    accessCount: integer('access_count').notNull().default(0),
    ...timestamps,
    /** kept up to date by refresh_service_search(); see migration 0002 */
    searchVector: tsvector('search_vector'),
    /** unaccented lower-case title, for ordering and trigram matching */
    searchTitle: text('search_title').notNull().default(''),
    // What a result card shows from other tables, copied by refresh_service_search() so a page of
    // search results is read from one table (see docs/decisions/001).
    cardTags: text('card_tags').array().notNull().default(sql`'{}'::text[]`),
    cardTargets: text('card_targets').array().notNull().default(sql`'{}'::text[]`),
    cardSections: text('card_sections').array().notNull().default(sql`'{}'::text[]`),
    cardPopularNames: text('card_popular_names').array().notNull().default(sql`'{}'::text[]`),
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

export const ratings = pgTable(
  'ratings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    serviceId: integer('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    /** hash of the voter (user id or network address); never the address itself */
    voter: text('voter').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ratings_service_idx').on(t.serviceId),
    index('ratings_voter_idx').on(t.serviceId, t.voter, t.createdAt),
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

export const searchSynonyms = pgTable('search_synonyms', {
  /** normalised: lower case, no accents, no dots */
  term: text('term').primaryKey(),
  expansion: text('expansion').notNull(),
});

/** every word a citizen could mean, for typo correction; rebuilt by refresh_search_lexicon() */
export const searchLexicon = pgTable('search_lexicon', {
  word: text('word').primaryKey(),
});


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

// ---------------------------------------------------------------------------------------------------
// Open data (issue 5): the transparency datasets behind /api/transparencia and the audit-court API.
// Generated by packages/db/src/open-data/ (deterministic, set-based SQL). Money is numeric(14,2) reais,
// except servants' monthly pay, kept as cents per month (see servantPayYears).
// ---------------------------------------------------------------------------------------------------

/** Unidades gestoras: the budget units of each state body (SIAFE-style six-digit codes). */
export const managementUnits = pgTable(
  'management_units',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    departmentId: integer('department_id').notNull().references(() => departments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('management_units_department_idx').on(t.departmentId)],
);

/** Credores. The document is stored already masked as public portals show it (CPF ***.456.789-**). */
export const creditors = pgTable('creditors', {
  id: serial('id').primaryKey(),
  /** 'PJ' (CNPJ) or 'PF' (CPF) */
  kind: text('kind').notNull(),
  document: text('document').notNull(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull().default('PI'),
});

/** Empenhos (expense commitments); liquidated and paid are the sums of their liquidations and payments. */
export const expenseCommitments = pgTable(
  'expense_commitments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fiscalYear: smallint('fiscal_year').notNull(),
    /** '2025NE000123', unique within a management unit and fiscal year */
    code: text('code').notNull(),
    managementUnitId: integer('management_unit_id').notNull().references(() => managementUnits.id, { onDelete: 'cascade' }),
    creditorId: integer('creditor_id').notNull().references(() => creditors.id),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    expenseElement: text('expense_element').notNull(),
    budgetFunction: text('budget_function').notNull(),
    fundingSource: text('funding_source').notNull(),
    biddingModality: text('bidding_modality').notNull(),
    description: text('description').notNull(),
    committed: numeric('committed', { precision: 14, scale: 2 }).notNull(),
    liquidated: numeric('liquidated', { precision: 14, scale: 2 }).notNull(),
    paid: numeric('paid', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    unique('expense_commitments_code_unique').on(t.fiscalYear, t.managementUnitId, t.code),
    // lists and exports walk (issued_on, id) within a year: keyset pagination
    index('expense_commitments_year_issued_idx').on(t.fiscalYear, t.issuedOn, t.id),
    index('expense_commitments_unit_issued_idx').on(t.managementUnitId, t.issuedOn, t.id),
  ],
);

export const expenseLiquidations = pgTable(
  'expense_liquidations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    commitmentId: bigint('commitment_id', { mode: 'number' }).notNull().references(() => expenseCommitments.id, { onDelete: 'cascade' }),
    /** '2025NL000123' */
    code: text('code').notNull(),
    liquidatedOn: date('liquidated_on', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [index('expense_liquidations_commitment_idx').on(t.commitmentId)],
);

export const expensePayments = pgTable(
  'expense_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    commitmentId: bigint('commitment_id', { mode: 'number' }).notNull().references(() => expenseCommitments.id, { onDelete: 'cascade' }),
    /** '2025OB000123' (ordem bancária) */
    code: text('code').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [index('expense_payments_commitment_idx').on(t.commitmentId)],
);

/** Servidores públicos. The CPF is stored masked; nothing here identifies more than the portal shows. */
export const civilServants = pgTable(
  'civil_servants',
  {
    id: serial('id').primaryKey(),
    /** matrícula, '0123456-7' */
    registration: text('registration').notNull().unique(),
    name: text('name').notNull(),
    cpfMasked: text('cpf_masked').notNull(),
    departmentId: integer('department_id').notNull().references(() => departments.id, { onDelete: 'cascade' }),
    position: text('position').notNull(),
    /** vínculo: Efetivo, Comissionado, Temporário, ... */
    bond: text('bond').notNull(),
    weeklyHours: smallint('weekly_hours').notNull(),
    hiredOn: date('hired_on', { mode: 'string' }).notNull(),
    leftOn: date('left_on', { mode: 'string' }),
  },
  (t) => [index('civil_servants_department_idx').on(t.departmentId)],
);

/**
 * A servant's pay in one fiscal year: element m-1 of each array is month m, in cents; null when nothing
 * was paid that month. One row per servant and year keeps 50,000 servants × 36 months small and fast.
 */
export const servantPayYears = pgTable(
  'servant_pay_years',
  {
    fiscalYear: smallint('fiscal_year').notNull(),
    servantId: integer('servant_id').notNull().references(() => civilServants.id, { onDelete: 'cascade' }),
    basePay: integer('base_pay').array().notNull(),
    benefits: integer('benefits').array().notNull(),
    deductions: integer('deductions').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.fiscalYear, t.servantId] })],
);

/** Licitações. */
export const tenders = pgTable(
  'tenders',
  {
    id: serial('id').primaryKey(),
    fiscalYear: smallint('fiscal_year').notNull(),
    processNumber: text('process_number').notNull(),
    modality: text('modality').notNull(),
    object: text('object').notNull(),
    managementUnitId: integer('management_unit_id').notNull().references(() => managementUnits.id, { onDelete: 'cascade' }),
    estimatedValue: numeric('estimated_value', { precision: 14, scale: 2 }).notNull(),
    openedOn: date('opened_on', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
  },
  (t) => [index('tenders_year_idx').on(t.fiscalYear, t.id)],
);

/** Documentos: contracts, agreements (convênios), amendments and price-registration minutes. */
export const publicDocuments = pgTable(
  'public_documents',
  {
    id: serial('id').primaryKey(),
    fiscalYear: smallint('fiscal_year').notNull(),
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    object: text('object').notNull(),
    managementUnitId: integer('management_unit_id').notNull().references(() => managementUnits.id, { onDelete: 'cascade' }),
    creditorId: integer('creditor_id').notNull().references(() => creditors.id),
    value: numeric('value', { precision: 14, scale: 2 }).notNull(),
    signedOn: date('signed_on', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
  },
  (t) => [index('public_documents_year_kind_idx').on(t.fiscalYear, t.kind, t.id)],
);

/** Receitas: forecast and collected revenue per month and nature (ICMS, IPVA, FPE, ...). */
export const revenues = pgTable(
  'revenues',
  {
    id: serial('id').primaryKey(),
    fiscalYear: smallint('fiscal_year').notNull(),
    month: smallint('month').notNull(),
    natureCode: text('nature_code').notNull(),
    nature: text('nature').notNull(),
    forecast: numeric('forecast', { precision: 16, scale: 2 }).notNull(),
    collected: numeric('collected', { precision: 16, scale: 2 }).notNull(),
  },
  (t) => [index('revenues_year_month_idx').on(t.fiscalYear, t.month)],
);

/** When each open dataset was last loaded ('despesas', 'servidores', ...): the updated_at endpoints. */
export const openDataDatasets = pgTable('open_data_datasets', {
  slug: text('slug').primaryKey(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  rowCount: bigint('row_count', { mode: 'number' }).notNull().default(0),
});

// ---------------------------------------------------------------------------------------------------
// Identity and the personal area (issues 4 and 6): citizens' accounts for the embedded OpenID Connect
// provider, its persisted state (signing keys, grants, sessions), the web app's server-side sessions,
// and each citizen's notifications, Nota Piauiense balance and pay slips. Everything personal is keyed
// by the account's `sub`, the same value access tokens carry (favorites.user_sub, access_log.user_sub).
// ---------------------------------------------------------------------------------------------------

/** Citizens' accounts of the embedded identity provider ('Acesso Cidadão'). */
export const users = pgTable('users', {
  sub: text('sub').primaryKey(),
  username: text('username').notNull().unique(),
  /** scrypt$N$r$p$salt$hash (base64url), see packages/db/src/identity/password.ts */
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull(),
  givenName: text('given_name').notNull(),
  familyName: text('family_name').notNull(),
  email: text('email').notNull(),
  emailVerified: boolean('email_verified').notNull().default(false),
  /** access levels (opala, ouro, prata, bronze) and other realm roles */
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  groups: text('groups').array().notNull().default(sql`'{}'::text[]`),
  cpf: text('cpf').notNull().default(''),
  motherName: text('mother_name').notNull().default(''),
  birthDate: date('birth_date', { mode: 'string' }),
  /** [{placa, renavam, modelo, ano}] */
  vehicles: jsonb('vehicles').notNull().default(sql`'[]'::jsonb`),
  cnhCategory: text('cnh_category'),
  /** número de registro da CNH */
  cnhNumber: text('cnh_number'),
  /** RENACH */
  cnhRegistry: text('cnh_registry'),
  cnhIssuedOn: date('cnh_issued_on', { mode: 'string' }),
  cnhValidUntil: date('cnh_valid_until', { mode: 'string' }),
  cnhBlockBca: boolean('cnh_block_bca').notNull().default(false),
  cnhBlockSeized: boolean('cnh_block_seized').notNull().default(false),
  ...timestamps,
});

/** Secrets the identity provider generates on first start and every instance shares (signing keys, cookie keys). */
export const identitySecrets = pgTable('identity_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** oidc-provider's models (Session, Interaction, Grant, AuthorizationCode, RefreshToken, ...). */
export const oidcModels = pgTable(
  'oidc_models',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('oidc_models_grant_idx').on(t.grantId),
    index('oidc_models_uid_idx').on(t.uid),
    index('oidc_models_expires_idx').on(t.expiresAt),
  ],
);

/** The web app's sessions (backend-for-frontend): the browser holds only a random id, hashed here. */
export const webSessions = pgTable(
  'web_sessions',
  {
    /** sha256 of the cookie value */
    idHash: text('id_hash').primaryKey(),
    userSub: text('user_sub').notNull(),
    /** the ID token's claims when the session began */
    claims: jsonb('claims').notNull(),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('web_sessions_user_idx').on(t.userSub), index('web_sessions_expires_idx').on(t.expiresAt)],
);

/** Logins in progress: PKCE verifier, nonce and where to go back, keyed by the authorisation `state`. */
export const webLoginStates = pgTable('web_login_states', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Messages of the notifications panel. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userSub: text('user_sub').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** alerta, informacao, novidade, ... */
    kind: text('kind').notNull(),
    bannerUrl: text('banner_url'),
    /** free metadata; onClick {tipo: 'redirect', url} is the redirect action */
    metadata: jsonb('metadata').notNull().default(sql`'{}'::jsonb`),
    readAt: timestamp('read_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userSub, t.createdAt)],
);

/** Nota Piauiense: each citizen's credit balance from tax receipts. */
export const notaPiauienseAccounts = pgTable('nota_piauiense_accounts', {
  userSub: text('user_sub').primaryKey(),
  releasedBalance: numeric('released_balance', { precision: 12, scale: 2 }).notNull().default('0'),
  pendingBalance: numeric('pending_balance', { precision: 12, scale: 2 }).notNull().default('0'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Receipts (notas fiscais) with the citizen's CPF that earned Nota Piauiense credit. */
export const notaPiauienseReceipts = pgTable(
  'nota_piauiense_receipts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userSub: text('user_sub').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    issuerName: text('issuer_name').notNull(),
    issuerCnpj: text('issuer_cnpj').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    credit: numeric('credit', { precision: 12, scale: 2 }).notNull(),
    /** 'Liberado' or 'Pendente' */
    status: text('status').notNull(),
  },
  (t) => [index('nota_piauiense_receipts_user_idx').on(t.userSub, t.issuedOn)],
);

/** Public servants' pay slips (contracheques); the PDF is generated from these rows on download. */
export const paySlips = pgTable(
  'pay_slips',
  {
    id: serial('id').primaryKey(),
    userSub: text('user_sub').notNull(),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    /** vínculo: the bond's short code, e.g. SEAD */
    bond: text('bond').notNull(),
    registration: text('registration').notNull(),
    position: text('position').notNull(),
    department: text('department').notNull(),
    /** [{codigo, descricao, tipo: 'provento' | 'desconto', valor}] in reais */
    lines: jsonb('lines').notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('pay_slips_user_period_unique').on(t.userSub, t.year, t.month, t.bond), index('pay_slips_user_idx').on(t.userSub)],
);

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
