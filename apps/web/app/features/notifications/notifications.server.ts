import type { NotificationMessage, NotificationsResponse } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import '../../lib/citizen.ts';

const BASE = '/api/govpicidadao-middleware/notificacoes/mensagem';
/** Spec §9: every message in one page. */
export const NOTIFICATIONS_PAGE_SIZE = 999;

export interface NotificationsData {
  messages: NotificationMessage[];
  unread: number;
}

/** The citizen's messages; any failure is an empty list (spec §8: captured silently). */
export async function loadNotifications(context: AppLoadContext): Promise<NotificationsData> {
  try {
    const answer = await context.citizenApi({ method: 'GET', url: `${BASE}/buscar?pageIndex=0&pageSize=${NOTIFICATIONS_PAGE_SIZE}` });
    if (answer.status !== 200) return { messages: [], unread: 0 };
    const body = answer.body as NotificationsResponse;
    return { messages: body.mensagens ?? [], unread: body.naoLidas ?? 0 };
  } catch (err) {
    console.error('notifications failed', err);
    return { messages: [], unread: 0 };
  }
}

export type NotificationsIntent = { intent: 'read'; ids: number[] } | { intent: 'read-all' } | { intent: 'archive' };

/** Marks as read or archives; failures are ignored (spec §8), the answer only says whether it worked. */
export async function updateNotifications(context: AppLoadContext, intent: NotificationsIntent): Promise<{ ok: boolean }> {
  try {
    let body: unknown;
    let path: string;
    if (intent.intent === 'archive') {
      path = 'arquivar';
    } else {
      path = 'marcarComoLidas';
      body = intent.intent === 'read' ? intent.ids : (await loadNotifications(context)).messages.filter((m) => !m.visualizada).map((m) => m.id);
      if (Array.isArray(body) && !body.length) return { ok: true };
    }
    const answer = await context.citizenApi({ method: 'POST', url: `${BASE}/${path}`, body });
    return { ok: answer.status === 200 };
  } catch (err) {
    console.error('notifications update failed', err);
    return { ok: false };
  }
}

/** A form's fields as an intent, or null. */
export function parseNotificationsForm(form: FormData): NotificationsIntent | null {
  const intent = form.get('intent');
  if (intent === 'read-all' || intent === 'archive') return { intent };
  if (intent === 'read') {
    const ids = form
      .getAll('id')
      .map((v) => Number(v))
      .filter((n) => Number.isInteger(n) && n > 0);
    return ids.length ? { intent, ids } : null;
  }
  return null;
}
