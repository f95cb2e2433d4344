import { sql } from 'drizzle-orm';
import type { Database } from '@portal/db';
import { rows } from '../../lib/rows.ts';

export async function findServiceId(db: Database, slug: string) {
  return (await rows<{ id: number }>(db, sql`select id from services where slug = ${slug}`))[0]?.id ?? null;
}

export async function setFavorite(db: Database, userSub: string, serviceId: number, favorite: boolean) {
  await db.execute(
    favorite
      ? sql`insert into favorites (user_sub, service_id) values (${userSub}, ${serviceId}) on conflict do nothing`
      : sql`delete from favorites where user_sub = ${userSub} and service_id = ${serviceId}`,
  );
}

export async function listFavoriteSlugs(db: Database, userSub: string) {
  const found = await rows<{ slug: string }>(
    db,
    sql`select s.slug from favorites f join services s on s.id = f.service_id
        where f.user_sub = ${userSub} order by f.created_at desc, s.slug`,
  );
  return found.map((r) => r.slug);
}
