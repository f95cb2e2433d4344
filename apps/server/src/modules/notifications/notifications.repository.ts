import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { schema, type Database } from '@portal/db';

const { notifications } = schema;

/** A message of the panel as the service maps it; `metadata` is jsonb, typed as the contract carries it. */
export type NotificationRow = Pick<typeof notifications.$inferSelect, 'id' | 'title' | 'body' | 'kind' | 'bannerUrl' | 'createdAt'> & {
  metadata: Record<string, unknown>;
  read: boolean;
};

const mine = (userSub: string) => and(eq(notifications.userSub, userSub), isNull(notifications.archivedAt));

/** The caller's messages not archived, newest first, with the counts for the page and the badge. */
export async function listMessages(db: Database, userSub: string, offset: number, limit: number) {
  const [items, counts] = await Promise.all([
    db
      .select({
        id: notifications.id,
        title: notifications.title,
        body: notifications.body,
        kind: notifications.kind,
        bannerUrl: notifications.bannerUrl,
        metadata: notifications.metadata,
        read: sql<boolean>`${notifications.readAt} is not null`,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(mine(userSub))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .offset(offset)
      .limit(limit) as Promise<NotificationRow[]>,
    unreadAndTotal(db, userSub),
  ]);
  return { items, ...counts };
}

export async function unreadAndTotal(db: Database, userSub: string) {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`, unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int` })
    .from(notifications)
    .where(mine(userSub));
  return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
}

/** Which of the given ids are the caller's messages (archived ones included). */
export async function ownIds(db: Database, userSub: string, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userSub, userSub), inArray(notifications.id, ids)));
  return found.map((r) => r.id);
}

export async function markAsRead(db: Database, userSub: string, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const updated = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userSub, userSub), isNull(notifications.readAt), inArray(notifications.id, ids)))
    .returning({ id: notifications.id });
  return updated.length;
}

export async function archiveAll(db: Database, userSub: string): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ archivedAt: sql`now()`, readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(mine(userSub))
    .returning({ id: notifications.id });
  return updated.length;
}
