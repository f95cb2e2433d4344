import { AppointmentParams } from '@portal/contracts';
import type { LoaderFunctionArgs } from 'react-router';
import { calendarFile } from '../features/appointments/appointments.server.ts';
import { requireCitizen } from '../lib/citizen.ts';
import { onlyRead, plainText } from '../lib/plain-text.ts';

/** An appointment as a calendar event (.ics), downloaded through the citizen's session. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireCitizen(context, request);
  const parsed = AppointmentParams.safeParse(params);
  if (!parsed.success) return plainText(404, 'Agendamento não encontrado.');
  return calendarFile(context, parsed.data.id);
}

export function action() {
  return onlyRead('Este endereço só baixa o arquivo do calendário: use o link da página do agendamento.');
}
