import { z } from 'zod';
import { Slug, WireId } from './common.ts';

export const CategorySummary = z.object({
  id: WireId,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  hidden: z.boolean(),
  icon: z.string(),
  orderIndex: z.number().int(),
  corhex: z.string(),
  iconapp: z.string(),
});

export type CategoryNode = z.infer<typeof CategorySummary> & {
  __categories__: CategoryNode[];
  __has_categories__: boolean;
};

/** GET /v1/category: sub-categories nest in `__categories__`. */
export const CategoryItem: z.ZodType<CategoryNode> = CategorySummary.extend({
  /** audience categories ('servicos-ao-cidadao', ...) list services by target; null for topical ones */
  audience: z.string().nullable().optional(),
  __categories__: z.lazy(() => z.array(CategoryItem)),
  __has_categories__: z.boolean(),
}) as unknown as z.ZodType<CategoryNode>;
export const CategoryList = z.array(CategoryItem);

export const DepartmentSummary = z.object({
  id: WireId,
  slug: z.string(),
  name: z.string(),
  shortName: z.string(),
  link: z.string(),
  description: z.string(),
  mission: z.string(),
  vision: z.string(),
  values: z.string(),
  hidden: z.boolean(),
  active: z.boolean(),
});
export type DepartmentSummary = z.infer<typeof DepartmentSummary>;

export const DepartmentSection = z.object({
  id: WireId,
  name: z.string(),
  address: z.string(),
  postalCode: z.string(),
  district: z.string(),
  complement: z.string(),
  city: z.string(),
  state: z.string(),
  countryCode: z.string(),
  openingTime: z.string(),
  phone: z.string(),
  mapUrl: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  active: z.boolean(),
  /** the unit's department, whole, as the live API sends it */
  department: DepartmentSummary,
});
export type DepartmentSection = z.infer<typeof DepartmentSection>;

export const AverageRatings = z.object({ count: z.number().int(), average: z.number() });

/** Money as staff write it and citizens read it: reais with centavos ('84,68', '1.234,56'). */
export const MONEY = /^(\d{1,3}(\.\d{3})+|\d+),\d{2}$/;

/**
 * What a step costs (issue 26: cost was one free text for the whole service): the amount, what it pays and how to
 * pay it, as fields the page, the PDF and the change log read.
 */
export const StepFee = z.object({
  amount: z.string().trim().regex(MONEY, 'Valor: escreva em reais, com os centavos (por exemplo: 84,68).'),
  pays: z.string().trim().min(2, 'Diga o que o valor paga (por exemplo: taxa de renovação).').max(160, 'O que o valor paga: no máximo 160 caracteres.'),
  howToPay: z.string().trim().max(300, 'Como pagar: no máximo 300 caracteres.'),
});
export type StepFee = z.infer<typeof StepFee>;

/** A step's fees as one line: 'R$ 84,68 (taxa de renovação; DAR no site do DETRAN-PI)'. */
export const feeText = (fee: StepFee) => `R$ ${fee.amount} (${fee.pays}${fee.howToPay ? `; ${fee.howToPay}` : ''})`;

export const CatalogStep = z.object({
  id: WireId,
  name: z.string(),
  description: z.string(),
  channel: z.enum(['online', 'presencial']),
  htmlContent: z.string(),
  orderIndex: z.number().int(),
  documents: z.array(z.string()),
  /** what the step costs, each fee with its own fields (empty: nothing to pay in it) */
  fees: z.array(StepFee),
  catalogItemId: WireId,
});

export const CatalogInfo = z.object({
  id: WireId,
  title: z.string(),
  text: z.string(),
  orderIndex: z.number().int(),
  icon: z.string(),
  catalogItemId: WireId,
});

export const CatalogDataRow = z.object({
  id: WireId,
  name: z.string(),
  value: z.string(),
  catalogItemId: WireId,
});

export const AccessProfile = z.object({ id: WireId, name: z.enum(['BRONZE', 'PRATA', 'OURO', 'OPALA']), weight: z.number().int() });

/** GET /v1/catalog/{slug}/load: the shape the state's mobile app reads. */
export const CatalogItem = z
  .object({
    id: WireId,
    type: z.string(),
    name: z.string(),
    title: z.string(),
    description: z.string(),
    slug: z.string(),
    link: z.string(),
    icon: z.string(),
    imageUrl: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    access_counter: z.number().int(),
    page_count: z.number().int(),
    isFree: z.boolean(),
    isOnline: z.boolean(),
    isDigital: z.boolean(),
    isSelfService: z.boolean(),
    highlighted: z.boolean(),
    active: z.boolean(),
    /** why a discontinued service (active false) is no longer offered; '' while it is active (decision 017) */
    discontinuedReason: z.string(),
    /** the active service that took a discontinued one's place, if any */
    replacedBy: z.object({ slug: z.string(), title: z.string(), categorySlug: z.string() }).nullable(),
    cost: z.string(),
    estimatedTime: z.string(),
    tags: z.array(z.string()),
    targets: z.array(z.string()),
    platforms: z.array(z.string()),
    popularNames: z.array(z.string()),
    averageRatings: AverageRatings,
    category: CategorySummary,
    department: DepartmentSummary,
    info: z.array(CatalogInfo),
    steps: z.array(CatalogStep),
    departmentSections: z.array(DepartmentSection),
    resultCategory: z.object({ id: WireId, name: z.string() }),
    accessProfile: AccessProfile,
    catalogDataRow: z.array(CatalogDataRow),
    /** a citizen requests it in the portal, with its published request form (issue 27): 'Solicitar' on its page */
    requestable: z.boolean(),
    /** a citizen books a time at one of its units in the portal (issue 29): 'Agendar atendimento' on its page */
    bookable: z.boolean(),
    /** the business days its department promises an answer in, when it has written one (issue 28) */
    deadlineDays: z.number().int().nullable(),
    /** ratings of people who used it through the portal (a request concluded or refused), apart from the anonymous ones */
    verifiedRatings: AverageRatings,
  })
  .meta({ id: 'CatalogItem' });
export type CatalogItem = z.infer<typeof CatalogItem>;

export const CatalogSlugParams = z.object({ slug: Slug });
