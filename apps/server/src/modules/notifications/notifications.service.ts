import type { NotificationMessage, NotificationsResponse } from '@portal/contracts';
import { PIAUI_TIME_ZONE, type Database } from '@portal/db';
import { notFound } from '../../lib/http-error.ts';
import * as repository from './notifications.repository.ts';

const formatter = new Intl.DateTimeFormat('pt-BR', {
  timeZone: PIAUI_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** dd/mm/yyyy HH:mm in Piauí's time. */
export function formatCreatedAt(date: Date): string {
  return formatter.format(date).replace(',', '');
}

function toMessage(row: repository.NotificationRow): NotificationMessage {
  return {
    id: row.id,
    dataCriacaoFormatada: formatCreatedAt(row.createdAt),
    dataCriacao: row.createdAt.toISOString(),
    titulo: row.title,
    texto: row.body,
    tipo: row.kind,
    bannerUrl: row.bannerUrl,
    metadados: row.metadata ?? {},
    visualizada: row.read,
  };
}

export async function listMessages(db: Database, userSub: string, pageIndex: number, pageSize: number): Promise<NotificationsResponse> {
  const { items, total, unread } = await repository.listMessages(db, userSub, pageIndex * pageSize, pageSize);
  return {
    mensagens: items.map(toMessage),
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
  const unique = [...new Set(ids)];
  const own = new Set(await repository.ownIds(db, userSub, unique));
  const missing = unique.filter((id) => !own.has(id));
  if (missing.length) throw notFound(`Mensagem não encontrada: ${missing.join(', ')}.`);
  const atualizadas = await repository.markAsRead(db, userSub, unique);
  return { atualizadas, naoLidas: (await repository.unreadAndTotal(db, userSub)).unread };
}

export async function archiveAll(db: Database, userSub: string) {
  const atualizadas = await repository.archiveAll(db, userSub);
  return { atualizadas, naoLidas: 0 };
}
