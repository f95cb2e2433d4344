import { sql } from 'drizzle-orm';
import type { Database } from '@portal/db';
import { rows } from '../../lib/rows.ts';

export interface NotificationRow {
  id: string | number;
  title: string;
  body: string;
  kind: string;
  banner_url: string | null;
  metadata: Record<string, unknown>;
  read: boolean;
  created_at: string | Date;
}

/** The caller's messages not archived, newest first, with the counts for the page and the badge. */
export async function listMessages(db: Database, userSub: string, offset: number, limit: number) {
  const [items, counts] = await Promise.all([
    rows<NotificationRow>(
      db,
      sql`select id, title, body, kind, banner_url, metadata, read_at is not null as read, created_at
          from notifications where user_sub = ${userSub} and archived_at is null
          order by created_at desc, id desc offset ${offset} limit ${limit}`,
    ),
    unreadAndTotal(db, userSub),
  ]);
  return { items, ...counts };
}

export async function unreadAndTotal(db: Database, userSub: string) {
  const [row] = await rows<{ total: number; unread: number }>(
    db,
    sql`select count(*)::int as total, (count(*) filter (where read_at is null))::int as unread
        from notifications where user_sub = ${userSub} and archived_at is null`,
  );
  return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
}

/** Which of the given ids are the caller's messages (archived ones included). */
export async function ownIds(db: Database, userSub: string, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await rows<{ id: string | number }>(
    db,
    sql`select id from notifications where user_sub = ${userSub} and id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
  return found.map((r) => Number(r.id));
}

export async function markAsRead(db: Database, userSub: string, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const updated = await rows<{ id: string }>(
    db,
    sql`update notifications set read_at = now()
        where user_sub = ${userSub} and read_at is null and id = any(${`{${ids.join(',')}}`}::bigint[]) returning id`,
  );
  return updated.length;
}

export async function archiveAll(db: Database, userSub: string): Promise<number> {
  const updated = await rows<{ id: string }>(
    db,
    sql`update notifications set archived_at = now(), read_at = coalesce(read_at, now())
        where user_sub = ${userSub} and archived_at is null returning id`,
  );
  return updated.length;
}
