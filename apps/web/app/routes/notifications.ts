import { NotificationsForm, NotificationsPanelQuery } from '@portal/contracts';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { loadNotifications, NOTIFICATIONS_UNAVAILABLE, updateNotifications } from '../features/notifications/notifications.server.ts';
import { parseForm } from '../lib/form.server.ts';
import { catalogPath } from '../lib/paths.ts';

/**
 * The bell's panel data (fetched when it opens; `?arquivadas=1`, the archived messages); an anonymous visitor gets an
 * empty list. When the list cannot be read (the session or the service is away), 503 and a message the panel shows:
 * never 'nothing new'.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = NotificationsPanelQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return data({ messages: [], unread: 0, errors: { arquivadas: query.error.issues[0]!.message } }, { status: 400 });
  if (await context.sessionUnavailable()) return data({ messages: [], unread: 0, unavailable: NOTIFICATIONS_UNAVAILABLE }, { status: 503 });
  if (!(await context.citizen())) return { messages: [], unread: 0 };
  const loaded = await loadNotifications(context, query.data.arquivadas);
  return loaded.unavailable ? data(loaded, { status: 503 }) : loaded;
}

/**
 * Read one message, read all, archive some or all (the contract's NotificationsForm); failures are ignored (spec
 * §8). A form the page did not make answers 400 with the fields in error.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await parseForm(request, NotificationsForm);
  if (!form.ok) return data({ ok: false, errors: form.errors }, { status: 400 });
  const result = (await context.citizen()) ? await updateNotifications(context, form.data) : { ok: false };
  if (form.data.js !== '1' && request.headers.get('accept')?.includes('text/html')) return redirect(catalogPath('/'), 303);
  return result;
}
