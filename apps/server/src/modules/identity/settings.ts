import { publicOrigin, type Config } from '../../plugins/config.ts';
import { portalLook, type PortalLook } from './portal-look.ts';

/**
 * Where the embedded provider lives inside the portal, and its issuer's path: Keycloak's, because the state's
 * app (issue 14) discovers its provider at `{AUTH}/auth/realms/pi` and calls Keycloak's endpoint paths.
 */
export const EMBEDDED_MOUNT = '/auth/realms/pi';
/** The provider's endpoints under EMBEDDED_MOUNT, named as Keycloak names them. */
export const PROVIDER_ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  userinfo: '/protocol/openid-connect/userinfo',
  end_session: '/protocol/openid-connect/logout',
  jwks: '/protocol/openid-connect/certs',
  revocation: '/protocol/openid-connect/revoke',
} as const;
/**
 * The paths the provider had before it moved under EMBEDDED_MOUNT (oidc-provider's own names at /auth),
 * still answered: each maps to its new route. The login page stays at INTERACTION_PATH.
 */
export const LEGACY_MOUNT = '/auth';
export const LEGACY_ROUTES: Record<string, string> = {
  '/auth': PROVIDER_ROUTES.authorization,
  '/token/revocation': PROVIDER_ROUTES.revocation,
  '/token': PROVIDER_ROUTES.token,
  '/me': PROVIDER_ROUTES.userinfo,
  '/session/end': PROVIDER_ROUTES.end_session,
  '/jwks': PROVIDER_ROUTES.jwks,
  '/.well-known/openid-configuration': '/.well-known/openid-configuration',
};
/** The 'Acesso Cidadão' login page of a login in progress: `${INTERACTION_PATH}/{uid}`. */
export const INTERACTION_PATH = '/auth/interaction';
/** The resource indicator (and access-token audience) of the portal's own API, /v1 and /api. */
export const EMBEDDED_API_RESOURCE = 'urn:portal-piaui:api';
export const EMBEDDED_API_SCOPE = 'portal';
/** The web app's backend-for-frontend: a confidential client (its secret is generated and kept in the database). */
export const EMBEDDED_WEB_CLIENT_ID = 'portal-servicos-bff';
/**
 * The state's app (Expo, issue 14): a public client (no secret can be kept in an app in the stores), PKCE S256,
 * redirected to its own scheme. Its id is the one the app sends, fixed in its code.
 */
export const APP_CLIENT_ID = 'portal-web';
/** The app's redirect in store builds; in development Expo Go's `exp://{host}/--/.` (not in production). */
export const APP_REDIRECT_URI = 'pidigital://.';
export const APP_DEV_REDIRECT = /^exp:\/\/[\w.-]+(?::\d{1,5})?\/--\/\.$/;

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
  /** whether the app's Expo Go development redirects are accepted (not in production) */
  appDevRedirects: boolean;
  /** what the login pages borrow from the portal to look like it (issue 24) */
  look: PortalLook;
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
    appDevRedirects: config.NODE_ENV !== 'production',
    look: portalLook(config.BASE_PATH),
  };
}
