import { desc, eq } from 'drizzle-orm';
import { schema, type Database } from '@portal/db';

const { favorites, services } = schema;

/**
 * A citizen's favourite services, newest first: the favourites list and the `catalog_favorite` claim of
 * GET /v1/me read the same query.
 */
export async function favoriteSlugs(db: Database, userSub: string): Promise<string[]> {
  const found = await db
    .select({ slug: services.slug })
    .from(favorites)
    .innerJoin(services, eq(services.id, favorites.serviceId))
    .where(eq(favorites.userSub, userSub))
    .orderBy(desc(favorites.createdAt), services.slug);
  return found.map((r) => r.slug);
}
