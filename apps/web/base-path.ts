/** BASE_PATH as the server reads it (default /app/catalog), without a trailing slash; '/' stays '/'. */
export function basePath(env: Record<string, string | undefined> = process.env): string {
  const raw = env.BASE_PATH?.trim() || '/app/catalog';
  const clean = `/${raw.replace(/^\/+|\/+$/g, '')}`;
  return clean;
}
