import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { loadNotifications, parseNotificationsForm, updateNotifications } from '../features/notifications/notifications.server.ts';
import { readForm } from '../lib/form.server.ts';
import { catalogPath } from '../lib/paths.ts';

/** The bell's panel data (fetched when it opens); an anonymous visitor gets an empty list. */
export async function loader({ context }: LoaderFunctionArgs) {
  if (!(await context.citizen())) return { messages: [], unread: 0 };
  return loadNotifications(context);
}

/** Read one message, read all, archive all; failures are ignored (spec §8). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const intent = parseNotificationsForm(form);
  const result = intent && (await context.citizen()) ? await updateNotifications(context, intent) : { ok: false };
  if (form.get('js') !== '1' && request.headers.get('accept')?.includes('text/html')) return redirect(catalogPath('/'), 303);
  return result;
}
