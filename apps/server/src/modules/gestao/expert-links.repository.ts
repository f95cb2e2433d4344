import type { ExpertLink } from '@portal/contracts';
import { schema } from '@portal/db';
import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { iso } from '../../lib/rows.ts';
import type { Db } from './gestao.repository.ts';
import { versions } from './versions.workflow.ts';

const { expertLinks, serviceVersions, versionComments } = schema;

export type ExpertLinkRow = typeof expertLinks.$inferSelect;

/** A link's token: 48 hex digits (the logs redact such a segment of an address by rule, lib/log-redaction.ts). */
export const newToken = () => randomBytes(24).toString('hex');
/** What is kept of a token: its SHA-256, so the table's rows open nothing. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function insertLink(db: Db, values: typeof expertLinks.$inferInsert): Promise<ExpertLinkRow> {
  const [added] = await db.insert(expertLinks).values(values).returning();
  return added!;
}

/** A version's links, newest first, each with how many replies came through it. */
export function linksOf(db: Db, versionId: number) {
  return db
    .select({ link: expertLinks, replies: count(versionComments.id) })
    .from(expertLinks)
    .leftJoin(versionComments, eq(versionComments.expertLinkId, expertLinks.id))
    .where(eq(expertLinks.versionId, versionId))
    .groupBy(expertLinks.id)
    .orderBy(desc(expertLinks.id));
}

/** Revokes a link of this version that is not revoked yet (of two revocations at once, one does it). */
export async function revokeLink(db: Db, versionId: number, linkId: number, at: Date): Promise<ExpertLinkRow | null> {
  const [revoked] = await db
    .update(expertLinks)
    .set({ revokedAt: at })
    .where(and(eq(expertLinks.id, linkId), eq(expertLinks.versionId, versionId), isNull(expertLinks.revokedAt)))
    .returning();
  return revoked ?? null;
}

/** The link a token opens now, with its version: not revoked, not expired, and the change not yet decided. */
export async function openLink(db: Db, hash: string, at: Date) {
  const [found] = await db
    .select({ link: expertLinks, version: serviceVersions })
    .from(expertLinks)
    .innerJoin(serviceVersions, eq(serviceVersions.id, expertLinks.versionId))
    .where(and(eq(expertLinks.tokenHash, hash), isNull(expertLinks.revokedAt), gt(expertLinks.expiresAt, at), inArray(serviceVersions.state, [...versions.open])));
  return found ?? null;
}

/** How many replies came through a link, its row locked until the transaction ends (the cap holds under concurrency). */
export async function lockedReplies(tx: Db, linkId: number): Promise<number> {
  await tx.select({ id: expertLinks.id }).from(expertLinks).where(eq(expertLinks.id, linkId)).for('update');
  const [row] = await tx.select({ n: count() }).from(versionComments).where(eq(versionComments.expertLinkId, linkId));
  return row?.n ?? 0;
}

/** What came through a link, oldest first. */
export function repliesThrough(db: Db, linkId: number) {
  return db
    .select({ body: versionComments.body, createdAt: versionComments.createdAt })
    .from(versionComments)
    .where(eq(versionComments.expertLinkId, linkId))
    .orderBy(sql`${versionComments.createdAt}, ${versionComments.id}`);
}

/** A link as the back office shows it (never its token). */
export const toExpertLink = ({ link, replies }: { link: ExpertLinkRow; replies: number }, now = new Date()): ExpertLink => ({
  id: link.id,
  expertName: link.expertName,
  createdByName: link.createdByName,
  createdAt: iso(link.createdAt),
  expiresAt: iso(link.expiresAt),
  active: !link.revokedAt && link.expiresAt > now,
  revoked: !!link.revokedAt,
  replies: Number(replies),
});
