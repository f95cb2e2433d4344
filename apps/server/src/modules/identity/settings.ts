import { publicOrigin, type Config } from '../../plugins/config.ts';

/** Where the embedded provider lives inside the portal. */
export const EMBEDDED_MOUNT = '/auth';
/** The resource indicator (and access-token audience) of the portal's own API, /v1 and /api. */
export const EMBEDDED_API_RESOURCE = 'urn:portal-piaui:api';
export const EMBEDDED_API_SCOPE = 'portal';
export const EMBEDDED_WEB_CLIENT_ID = 'portal-web';

/** The BFF's own paths; apps/web owns every other /app/* page. */
export const LOGIN_PATH = '/app/entrar';
export const CALLBACK_PATH = '/app/auth/callback';
export const LOGOUT_PATH = '/app/sair';

export interface IdentitySettings {
  embedded: boolean;
  /** the portal's public origin, no trailing slash */
  origin: string;
  issuer: string;
  /** the audience bearer tokens must carry; undefined skips the check (an external issuer without OIDC_AUDIENCE) */
  audience: string | undefined;
  clientId: string;
  /** undefined for the embedded provider: its secret is generated and kept in the database */
  clientSecret: string | undefined;
  scope: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
}

export function identitySettings(config: Config): IdentitySettings {
  const origin = publicOrigin(config);
  const embedded = !config.OIDC_ISSUER;
  return {
    embedded,
    origin,
    issuer: config.OIDC_ISSUER ?? `${origin}${EMBEDDED_MOUNT}`,
    audience: config.OIDC_AUDIENCE ?? (embedded ? EMBEDDED_API_RESOURCE : undefined),
    clientId: config.OIDC_CLIENT_ID ?? EMBEDDED_WEB_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    scope: config.OIDC_SCOPE ?? (embedded ? `openid profile email ${EMBEDDED_API_SCOPE}` : 'openid profile email'),
    redirectUri: `${origin}${CALLBACK_PATH}`,
    postLogoutRedirectUri: `${origin}${config.BASE_PATH === '/' ? '/' : config.BASE_PATH}`,
  };
}
