import { formatDateTime, type NotificationMessage, type NotificationsResponse, type PushDevicesResponse } from '@portal/contracts';
import type { Database } from '@portal/db';
import { notFound } from '../../lib/http-error.ts';
import type { PushMessage } from './notifications.push.ts';
import * as repository from './notifications.repository.ts';

/** Phones one citizen may register: the most recent ones are kept (a notification goes to each). */
export const MAX_PUSH_DEVICES = 10;

/** dd/mm/yyyy HH:mm in Piauí's time. */
export const formatCreatedAt = (date: Date) => formatDateTime(date);

/** A banner as a full address: the app loads it as an image on its own, outside the portal's pages. */
const absolute = (url: string, origin: string) => (URL.canParse(url, origin) ? new URL(url, origin).href : url);

function toMessage(row: repository.NotificationRow, origin: string): NotificationMessage {
  return {
    id: row.id,
    dataCriacaoFormatada: formatCreatedAt(row.createdAt),
    dataCriacao: row.createdAt.toISOString(),
    titulo: row.title,
    texto: row.body,
    tipo: row.kind,
    // The app tells 'no banner' by absence: a null would reach its screen as text.
    ...(row.bannerUrl ? { bannerUrl: absolute(row.bannerUrl, origin) } : {}),
    metadados: row.metadata ?? {},
    visualizada: row.read,
  };
}

/**
 * The inbox, or the archived messages (`archived`). `origin`: the portal's public origin, which relative banner
 * addresses are read against.
 */
export async function listMessages(db: Database, origin: string, userSub: string, pageIndex: number, pageSize: number, archived = false): Promise<NotificationsResponse> {
  const { items, total, unread } = await repository.listMessages(db, userSub, pageIndex * pageSize, pageSize, archived);
  return {
    mensagens: items.map((row) => toMessage(row, origin)),
    pageIndex,
    pageSize,
    pageTotal: Math.ceil(total / pageSize),
    totalElements: total,
    naoLidas: unread,
  };
}

/**
 * Marks the caller's messages read. An id that is not theirs refuses the whole call with 404, another
 * citizen's exactly like one that does not exist (a 403 would tell which ids exist).
 */
export async function markAsRead(db: Database, userSub: string, ids: number[]) {
  const unique = await ownMessages(db, userSub, ids);
  const atualizadas = await repository.markAsRead(db, userSub, unique);
  return { atualizadas, naoLidas: (await repository.unreadAndTotal(db, userSub)).unread };
}

/**
 * Archives the caller's messages: every one in the inbox (the spec's call, with no body), or those of `ids` (issue
 * 24), refused like markAsRead when one is not theirs. An archived message stays readable in 'Arquivadas'.
 */
export async function archive(db: Database, userSub: string, ids?: number[]) {
  const atualizadas = await repository.archive(db, userSub, ids && (await ownMessages(db, userSub, ids)));
  return { atualizadas, naoLidas: (await repository.unreadAndTotal(db, userSub)).unread };
}

/** The ids, once each, when every one is a message of the caller's; otherwise 404, naming the others. */
async function ownMessages(db: Database, userSub: string, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const own = new Set(await repository.ownIds(db, userSub, unique));
  const missing = unique.filter((id) => !own.has(id));
  if (missing.length) throw notFound(`Mensagem não encontrada: ${missing.join(', ')}.`);
  return unique;
}

/**
 * The one way a notification is created: stored for the citizen's panel, and pushed to the phones where
 * they turned push notifications on (by the 'push' job: this call never waits for the push service).
 */
export async function createNotification(
  db: Database,
  origin: string,
  push: (userSub: string, message: PushMessage) => Promise<unknown>,
  notification: repository.NewNotification,
  options: { push?: boolean } = {},
): Promise<NotificationMessage> {
  const row = await repository.insertNotification(db, notification);
  // The portal's message is always kept; the push to the phones is what a citizen may turn off ('Meus dados').
  if (options.push !== false) await push(notification.userSub, { title: row.title, body: row.body });
  return toMessage(row, origin);
}

/** Turns push notifications on for one of the caller's phones. */
export async function enablePush(db: Database, userSub: string, token: string): Promise<PushDevicesResponse> {
  return { habilitado: true, dispositivos: await repository.savePushDevice(db, userSub, token, MAX_PUSH_DEVICES) };
}

/** Turns push notifications off: the app's call says nothing of which phone, so all of the caller's. */
export async function disablePush(db: Database, userSub: string): Promise<PushDevicesResponse> {
  await repository.removePushDevices(db, userSub);
  return { habilitado: false, dispositivos: 0 };
}
