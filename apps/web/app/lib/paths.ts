/**
 * The catalog's base path (BASE_PATH, default /app/catalog) as the build fixed it, without the trailing
 * slash ('' when the catalog is at the root). The router's basename is '/', so the portal's other pages
 * (/app/app-minha-cnh, ...) live in the same app; catalog addresses go through `catalogPath`.
 */
export const CATALOG_BASE = import.meta.env.BASE_URL.replace(/\/+$/, '');

/** '/list/saude' → '/app/catalog/list/saude'; '/' → '/app/catalog'. */
export function catalogPath(path: string): string {
  if (!CATALOG_BASE) return path || '/';
  if (path === '/' || path === '') return CATALOG_BASE;
  return `${CATALOG_BASE}${path.startsWith('/') ? path : `/${path}`}`;
}

/** A service's page: '/app/catalog/{category}/{service}'. */
export const servicePath = (service: { categorySlug: string; slug: string }) => catalogPath(`/${service.categorySlug}/${service.slug}`);
