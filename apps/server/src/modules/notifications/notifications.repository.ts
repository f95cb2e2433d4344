import { and, desc, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import { schema, type Database } from '@portal/db';

const { notifications, pushDevices } = schema;

/** A message of the panel as the service maps it; `metadata` is jsonb, typed as the contract carries it. */
export type NotificationRow = Pick<typeof notifications.$inferSelect, 'id' | 'title' | 'body' | 'kind' | 'bannerUrl' | 'createdAt'> & {
  metadata: Record<string, unknown>;
  read: boolean;
};

/** The columns of a message the panel and the push sender read. */
const messageColumns = {
  id: notifications.id,
  title: notifications.title,
  body: notifications.body,
  kind: notifications.kind,
  bannerUrl: notifications.bannerUrl,
  metadata: notifications.metadata,
  createdAt: notifications.createdAt,
};

const mine = (userSub: string) => and(eq(notifications.userSub, userSub), isNull(notifications.archivedAt));
const archivedOf = (userSub: string) => and(eq(notifications.userSub, userSub), isNotNull(notifications.archivedAt));

/**
 * The caller's messages, newest first: the inbox (not archived), or the archived ones. With the count of the list's
 * messages in all pages, and the inbox's unread ones (the badge, whichever list is read).
 */
export async function listMessages(db: Database, userSub: string, offset: number, limit: number, archived = false) {
  const [items, counts] = await Promise.all([
    db
      .select({
        ...messageColumns,
        read: sql<boolean>`${notifications.readAt} is not null`,
      })
      .from(notifications)
      .where(archived ? archivedOf(userSub) : mine(userSub))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .offset(offset)
      .limit(limit) as Promise<NotificationRow[]>,
    unreadAndTotal(db, userSub, archived),
  ]);
  return { items, ...counts };
}

/** `total`: the inbox's messages (or the archived ones); `unread`: the inbox's unread messages. */
export async function unreadAndTotal(db: Database, userSub: string, archived = false) {
  const [row] = await db
    .select({
      total: sql<number>`(count(*) filter (where ${notifications.archivedAt} is ${archived ? sql`not null` : sql`null`}))::int`,
      unread: sql<number>`(count(*) filter (where ${notifications.archivedAt} is null and ${notifications.readAt} is null))::int`,
    })
    .from(notifications)
    .where(eq(notifications.userSub, userSub));
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

/** Archives the caller's messages in the inbox: all of them, or those of `ids`. An archived message counts as read. */
export async function archive(db: Database, userSub: string, ids?: number[]): Promise<number> {
  if (ids && !ids.length) return 0;
  const updated = await db
    .update(notifications)
    .set({ archivedAt: sql`now()`, readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(ids ? and(mine(userSub), inArray(notifications.id, ids)) : mine(userSub))
    .returning({ id: notifications.id });
  return updated.length;
}

export interface NewNotification {
  userSub: string;
  title: string;
  body: string;
  kind: string;
  bannerUrl?: string | null;
  metadata?: Record<string, unknown>;
}

export async function insertNotification(db: Database, notification: NewNotification): Promise<NotificationRow> {
  const [row] = await db
    .insert(notifications)
    .values({ ...notification, metadata: notification.metadata ?? {} })
    .returning(messageColumns);
  return { ...(row as Omit<NotificationRow, 'read'>), read: false };
}

// --- the phones that get push notifications ---------------------------------------------------------

/**
 * Registers a phone for the citizen, taking it from whoever had it (the phone now belongs to whoever
 * signed in on it), and keeps only the citizen's `keep` most recently registered phones. Answers how
 * many phones the citizen has.
 */
export async function savePushDevice(db: Database, userSub: string, token: string, keep: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .insert(pushDevices)
      .values({ token, userSub })
      .onConflictDoUpdate({
        target: pushDevices.token,
        set: { userSub, registeredAt: sql`now()` },
      });
    const kept = tx
      .select({ token: pushDevices.token })
      .from(pushDevices)
      .where(eq(pushDevices.userSub, userSub))
      .orderBy(desc(pushDevices.registeredAt), desc(pushDevices.token))
      .limit(keep);
    await tx.delete(pushDevices).where(and(eq(pushDevices.userSub, userSub), notInArray(pushDevices.token, kept)));
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(pushDevices)
      .where(eq(pushDevices.userSub, userSub));
    return row?.n ?? 0;
  });
}

/** Forgets every phone of the citizen (the app's sign-out does not say which phone it is). */
export async function removePushDevices(db: Database, userSub: string): Promise<void> {
  await db.delete(pushDevices).where(eq(pushDevices.userSub, userSub));
}

export async function pushTokens(db: Database, userSub: string): Promise<string[]> {
  const found = await db.select({ token: pushDevices.token }).from(pushDevices).where(eq(pushDevices.userSub, userSub));
  return found.map((r) => r.token);
}

/** Forgets tokens the push service says no longer reach a phone (the app was uninstalled). */
export async function forgetPushTokens(db: Database, tokens: string[]): Promise<void> {
  if (tokens.length) await db.delete(pushDevices).where(inArray(pushDevices.token, tokens));
}
