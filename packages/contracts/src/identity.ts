import { z } from 'zod';

/** Access levels, highest first: the header shows the first one the citizen has (spec §5). */
export const ACCESS_LEVEL_ORDER = ['opala', 'ouro', 'prata', 'bronze'] as const;

/**
 * The citizen's claims (spec §3, issue 6): what the provider's ID token carries and GET /v1/me answers.
 * `catalog_favorite` is a JSON-encoded string of favourite slugs, as the mobile app expects.
 */
/** A vehicle of the citizen, as DETRAN-PI describes it and the state's app shows it (issue 14). */
export const Vehicle = z.looseObject({
  placa: z.string(),
  modelo: z.string(),
  quantMultas: z.number().int(),
  restricaoAdministrativa: z.boolean(),
  restricaoJudicial: z.boolean(),
  restricaoTributaria: z.boolean(),
  licenciamentoAtrasado: z.boolean(),
});
export type Vehicle = z.infer<typeof Vehicle>;

/** The citizen's CNH as one object (the app's CNH card reads `cnh[0]`); registers are numbers there. */
export const CnhClaim = z.object({
  /** dd/mm/yyyy */
  dataValidadeCNH: z.string(),
  numeroRegistro: z.number(),
  categoriaCNH: z.string(),
  pontuacao: z.string().nullable(),
  processo: z.string().nullable(),
  registro: z.number(),
  /** yyyy-mm-dd */
  dataEmissao: z.string(),
  bloqueioBca: z.boolean(),
  bloqueioCnhApreendida: z.boolean(),
  cnhVencida: z.boolean(),
});
export type CnhClaim = z.infer<typeof CnhClaim>;

export const UserInfo = z
  .object({
    sub: z.string(),
    email_verified: z.boolean(),
    roles: z.array(z.string()),
    groups: z.array(z.string()),
    preferred_username: z.string(),
    given_name: z.string(),
    family_name: z.string(),
    name: z.string(),
    nomeCompleto: z.string(),
    nomeMae: z.string(),
    /** dd/mm/yyyy */
    dataNascimento: z.string(),
    email: z.string(),
    catalog_favorite: z.string(),
    veiculos: z.array(Vehicle),
    /** the CNH as the state's app reads it: one object, or none without a CNH */
    cnh: z.array(CnhClaim),
    /** the same fields, flat, as the web app reads them; dd/mm/yyyy, empty without a CNH */
    dataValidadeCNH: z.string(),
    /** yyyy-mm-dd, empty without a CNH */
    dataEmissao: z.string(),
    categoriaCNH: z.string(),
    numeroRegistro: z.string(),
    registro: z.string(),
    bloqueioBca: z.boolean(),
    bloqueioCnhApreendida: z.boolean(),
    cnhVencida: z.boolean(),
  })
  .meta({ id: 'UserInfo' });
export type UserInfo = z.infer<typeof UserInfo>;

/** GET /v1/me: the claims, plus what the header needs so the web app does not recompute it. */
export const MeResponse = UserInfo.extend({
  /** first and last word of the name ('Maria Silva') */
  shortName: z.string(),
  /** the highest of opala, ouro, prata, bronze the citizen has, or null */
  accessLevel: z.enum(ACCESS_LEVEL_ORDER).nullable(),
  /** Nota Piauiense released balance, in reais (137.45) */
  notaPiauienseBalance: z.number(),
  unreadNotifications: z.number().int(),
}).meta({ id: 'MeResponse' });
export type MeResponse = z.infer<typeof MeResponse>;

/** GET /app/entrar?returnTo=/app/catalog/...: only paths of this site. */
export const LoginQuery = z.object({
  returnTo: z.string().max(2000, 'Endereço de retorno longo demais.').optional(),
});

export const CallbackQuery = z.looseObject({
  code: z.string().max(4000).optional(),
  state: z.string().max(400).optional(),
  iss: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

/** POST /auth/interaction/:uid/login (the 'Acesso Cidadão' form). */
export const LOGIN_USERNAME_MAX = 200;
export const LOGIN_PASSWORD_MAX = 500;
export const LoginForm = z.object({
  username: z.string({ error: 'Informe seu usuário.' }).max(LOGIN_USERNAME_MAX, `O usuário tem no máximo ${LOGIN_USERNAME_MAX} caracteres. Confira se digitou ou colou o texto certo.`).default(''),
  password: z.string({ error: 'Informe sua senha.' }).max(LOGIN_PASSWORD_MAX, `A senha tem no máximo ${LOGIN_PASSWORD_MAX} caracteres. Confira se digitou ou colou o texto certo.`).default(''),
});

/**
 * The logged-in citizen as the pages know them (the web's load context, the server's web session): who
 * they are and their level, never a token and nothing personal beyond the header's needs.
 */
export const Citizen = z.object({
  sub: z.string(),
  username: z.string(),
  name: z.string(),
  /** first and last word of the name, for the header */
  shortName: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  /** opala, ouro, prata or bronze: the header's badge */
  accessLevel: z.enum(ACCESS_LEVEL_ORDER).nullable(),
});
export type Citizen = z.infer<typeof Citizen>;
