import { and, eq } from 'drizzle-orm';
import { schema, type Database } from '@portal/db';

const { favorites, services } = schema;

export async function findServiceId(db: Database, slug: string) {
  const [found] = await db.select({ id: services.id }).from(services).where(eq(services.slug, slug));
  return found?.id ?? null;
}

export async function setFavorite(db: Database, userSub: string, serviceId: number, favorite: boolean) {
  if (favorite) await db.insert(favorites).values({ userSub, serviceId }).onConflictDoNothing();
  else await db.delete(favorites).where(and(eq(favorites.userSub, userSub), eq(favorites.serviceId, serviceId)));
}
