import { z } from 'zod';

/**
 * What the state's mobile app (gov_pi_cidadao) requires of the PI Digital API, written from the app's
 * side and kept apart from packages/contracts on purpose: if a contract change would break the app,
 * these schemas fail the build. Extra fields are allowed (the app ignores them); a missing field or
 * another type is not.
 */
// Row ids are strings (the app's service.model.ts types: ServiceModel, Category, Department, Info, Step,
// DepartmentSection, CatalogDataRow, ResultCategory, AccessProfile all have `id: string`).
const str = z.string();
const strList = z.array(z.string());
const bool = z.boolean();
const num = z.number();

export const AppSearchItem = z.looseObject({
  type: str,
  title: str,
  slug: str,
  description: str,
  category: str,
  department: str,
  departmentSlug: str,
  categorySlug: str,
  icon: str,
  link: str,
  imageUrl: str,
  resultCategory: str,
  accessProfile: str,
  tags: strList,
  targets: strList,
  departmentSections: strList,
  platforms: strList,
  popularNames: z.array(z.unknown()),
  isFree: bool,
  isOnline: bool,
  isDigital: bool,
  isSelfService: bool,
  highlighted: bool,
  active: bool,
  pageCount: num,
  resultTotal: num,
  score: z.unknown(),
  iconService: z.string().nullable().optional(),
});
export const AppSearchResponse = z.array(AppSearchItem);

const AppCategory = z.looseObject({
  id: str,
  slug: str,
  name: str,
  description: str,
  hidden: bool,
  icon: str,
  orderIndex: num,
  corhex: str,
  iconapp: str,
});

const AppDepartment = z.looseObject({
  id: str,
  slug: str,
  name: str,
  shortName: str,
  link: str,
  description: str,
  mission: str,
  vision: str,
  values: str,
  hidden: bool,
  active: bool,
});

export const AppCatalogItem = z.looseObject({
  id: str,
  name: str,
  description: str,
  slug: str,
  link: str,
  icon: str,
  imageUrl: str,
  created_at: str,
  updated_at: str,
  access_counter: num,
  page_count: num,
  isFree: bool,
  isOnline: bool,
  isDigital: bool,
  isSelfService: bool,
  highlighted: bool,
  active: bool,
  tags: strList,
  targets: strList,
  popularNames: z.array(z.unknown()),
  averageRatings: z.looseObject({ count: num, average: num }),
  category: AppCategory,
  department: AppDepartment,
  info: z.array(z.looseObject({ id: str, title: str, text: str, orderIndex: num, icon: str, catalogItemId: str })),
  steps: z.array(
    z.looseObject({ id: str, name: str, description: str, channel: str, htmlContent: str, orderIndex: num, documents: z.array(z.unknown()), catalogItemId: str }),
  ),
  departmentSections: z.array(
    z.looseObject({
      id: str,
      name: str,
      address: str,
      postalCode: str,
      district: str,
      complement: str,
      city: str,
      state: str,
      countryCode: str,
      openingTime: str,
      mapUrl: str,
      active: bool,
      // the app's DepartmentSection type: the unit's department is a Department object
      department: AppDepartment,
    }),
  ),
  resultCategory: z.looseObject({ id: str, name: str }),
  accessProfile: z.looseObject({ id: str, name: str, weight: num }),
  catalogDataRow: z.array(z.looseObject({ id: str, name: str, value: str, catalogItemId: str })).optional(),
});

type AppCategoryNode = z.infer<typeof AppCategory> & { __categories__: AppCategoryNode[]; __has_categories__: boolean };
export const AppCategoryItem: z.ZodType<AppCategoryNode> = AppCategory.extend({
  __categories__: z.lazy(() => z.array(AppCategoryItem)),
  __has_categories__: bool,
}) as unknown as z.ZodType<AppCategoryNode>;
export const AppCategoryList = z.array(AppCategoryItem);
export const AppDepartmentList = z.array(AppDepartment);

// Personal data.
/**
 * GET /api/middleware/notificacoes/mensagem/buscar?channel=push&pageIndex=N&pageSize=20 (entities/notification):
 * the app pages until `mensagens` is empty, keys each row by `id` and sends ids back to marcarComoLidas
 * as they came (mark all) or as text (the message screen's parameter); it matches a regular expression
 * on `dataCriacaoFormatada`, shows `titulo ?? '-'`, and shows `bannerUrl` whenever it is truthy (so a
 * missing banner must be absent, not null).
 */
export const AppNotifications = z.looseObject({
  mensagens: z.array(
    z.looseObject({
      id: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]),
      dataCriacaoFormatada: str,
      titulo: str.optional(),
      texto: str.optional(),
      tipo: str,
      bannerUrl: z.url().optional(),
      metadados: z.record(z.string(), z.unknown()),
      visualizada: bool,
    }),
  ),
  pageIndex: num,
  pageSize: num,
  pageTotal: num,
});

// PUT …/mensagem/habilitarNotificacaoPush/{ExpoPushToken} and DELETE …/mensagem/desabilitarNotificacaoPush
// (features/notification, also at sign-out): the app reads nothing of the answers but their 2xx status.

/**
 * GET /api/contracheque/sead/empresa/ultimos-contracheques (entities/paycheck): the card shows `periodo`
 * and `siglaUrl.toUpperCase()`, names the file from `periodo.replace('/', '-')`, and hands `link` to
 * expo-file-system's download with no header at all: it must be an absolute http(s) URL.
 */
export const AppPaySlips = z.array(
  z.looseObject({
    id: num,
    link: z.url({ protocol: /^https?$/ }),
    periodo: str,
    siglaUrl: str,
    servidor: z.looseObject({ documento: z.unknown(), success: z.unknown(), ultimaGeracao: z.unknown(), qtdErros: z.unknown() }),
  }),
);

export const AppUserInfo = z.looseObject({
  sub: str,
  email_verified: bool,
  roles: strList,
  groups: strList,
  preferred_username: str,
  given_name: str,
  family_name: str,
  name: str,
  nomeCompleto: str,
  nomeMae: str,
  dataNascimento: str,
  email: str,
  /** a JSON-encoded string of slugs: "[\"ipva\",...]" */
  catalog_favorite: z.string().refine((s) => Array.isArray(JSON.parse(s)), 'catalog_favorite must encode a JSON list'),
});
