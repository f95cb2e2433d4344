import type { NotificationMessage, NotificationsForm, NotificationsResponse, NotificationsUpdateResponse } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import { call, optional } from '../../lib/api.server.ts';

const BASE = '/api/govpicidadao-middleware/notificacoes/mensagem';
/** Spec §9: every message in one page. */
export const NOTIFICATIONS_PAGE_SIZE = 999;

export interface NotificationsData {
  messages: NotificationMessage[];
  unread: number;
  /** why the list could not be read (the service or the database is away): not the same as no message */
  unavailable?: string;
}

export const NOTIFICATIONS_UNAVAILABLE = 'Não foi possível carregar as suas notificações agora. Tente novamente em alguns minutos.';

const list = (context: AppLoadContext, archived = false) =>
  call<NotificationsResponse>(context, { url: `${BASE}/buscar?pageIndex=0&pageSize=${NOTIFICATIONS_PAGE_SIZE}${archived ? '&arquivadas=true' : ''}`, auth: 'citizen' });

/**
 * The citizen's messages (the inbox, or the archived ones); a failure is logged and said as such (`unavailable`),
 * never an empty inbox.
 */
export async function loadNotifications(context: AppLoadContext, archived = false): Promise<NotificationsData> {
  const body = await optional(context, 'notifications', list(context, archived), null);
  if (!body) return { messages: [], unread: 0, unavailable: NOTIFICATIONS_UNAVAILABLE };
  return { messages: body.mensagens ?? [], unread: body.naoLidas ?? 0 };
}

/**
 * Marks as read or archives (the messages the citizen confirmed, or all when the form names none); failures are
 * ignored (spec §8, logged), the answer only says whether it worked.
 */
export async function updateNotifications(context: AppLoadContext, form: NotificationsForm): Promise<{ ok: boolean }> {
  const update = async () => {
    if (form.intent === 'archive') {
      await call<NotificationsUpdateResponse>(context, { method: 'POST', url: `${BASE}/arquivar`, ...(form.id.length ? { body: form.id } : {}), auth: 'citizen' });
      return true;
    }
    const ids = form.intent === 'read' ? form.id : ((await list(context)).mensagens ?? []).filter((m) => !m.visualizada).map((m) => m.id);
    if (ids.length) await call<NotificationsUpdateResponse>(context, { method: 'POST', url: `${BASE}/marcarComoLidas`, body: ids, auth: 'citizen' });
    return true;
  };
  return { ok: await optional(context, 'notifications update', update(), false) };
}
