import { z } from 'zod';
import { AppUserInfo } from './gov-pi-cidadao.ts';

/**
 * What the state's app (gov_pi_cidadao, issue 14) requires of its login, written from the app's side (its
 * auth.api.ts, auth.model.ts, auth.lib.ts, localToken.ts, useSignIn.ts): the provider is discovered at
 * `{AUTH}/auth/realms/pi`, the client is the public `portal-web`, and every token is kept as three
 * dot-separated parts: a token that has fewer is not kept, and the app counts as signed out.
 */
export const APP_AUTH_BASE = '/auth/realms/pi';
export const APP_OIDC = `${APP_AUTH_BASE}/protocol/openid-connect`;
export const APP_CLIENT = 'portal-web';
export const APP_REDIRECT = 'pidigital://.';
export const APP_SCOPES = 'openid profile offline_access';
/** sent with the authorisation request by the app (useSignIn's extraParams) */
export const APP_EXTRA_PARAMS = { client_source_app_universal_link: 'pidigital://', client_source_app_bundle: 'br.gov.pi.pidigital' };

const threeParts = z.string().refine((token) => token.split('.').length === 3 && token.split('.').every(Boolean), 'not three dot-separated parts');

/** The answer of the token endpoint, for the code and for each refresh (the app's tokenSchema). */
export const AppToken = z.looseObject({
  access_token: threeParts,
  expires_in: z.number(),
  id_token: threeParts,
  refresh_expires_in: z.number(),
  refresh_token: threeParts,
  scope: z.string(),
  session_state: z.string(),
  token_type: z.string(),
  'not-before-policy': z.number(),
});

/** The userinfo answer (the app's profileSchema and Profile type, with the CNH and vehicle cards' fields). */
export const AppProfile = AppUserInfo.extend({
  groups: z.array(z.any()),
  picture: z.string().optional(),
  veiculos: z
    .array(
      z.looseObject({
        licenciamentoAtrasado: z.boolean(),
        modelo: z.string(),
        placa: z.string(),
        quantMultas: z.number(),
        restricaoAdministrativa: z.boolean(),
        restricaoJudicial: z.boolean(),
        restricaoTributaria: z.boolean(),
      }),
    )
    .optional(),
  cnh: z
    .array(
      z.looseObject({
        dataValidadeCNH: z.string(),
        numeroRegistro: z.number(),
        categoriaCNH: z.string(),
        pontuacao: z.string().nullable(),
        processo: z.string().nullable(),
        registro: z.number(),
        dataEmissao: z.string(),
        bloqueioBca: z.boolean(),
        bloqueioCnhApreendida: z.boolean(),
        cnhVencida: z.boolean(),
      }),
    )
    .optional(),
});
