import type { Appointment, AppointmentList, BookingInput, BookingOptions, WaitingEntry } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import { ApiError, call, callRaw, personalFile } from '../../lib/api.server.ts';
import { plainText } from '../../lib/plain-text.ts';

// Appointments (issue 29) through /v1/agendamentos and /v1/gestao/agenda, with the session's token: the API decides
// what is the citizen's and what the front desk may see.

export const appointmentsApi = {
  list: (c: AppLoadContext) => call<AppointmentList>(c, { url: '/v1/agendamentos', auth: 'citizen' }),
  options: (c: AppLoadContext, service: string, query: URLSearchParams) => call<BookingOptions>(c, { url: `/v1/agendamentos/opcoes/${encodeURIComponent(service)}?${query}`, auth: 'citizen' }),
  book: (c: AppLoadContext, body: BookingInput) => call<Appointment>(c, { method: 'POST', url: '/v1/agendamentos', body, auth: 'citizen' }),
  get: (c: AppLoadContext, id: number) => call<Appointment>(c, { url: `/v1/agendamentos/${id}`, auth: 'citizen' }),
  cancel: (c: AppLoadContext, id: number) => call<Appointment>(c, { method: 'POST', url: `/v1/agendamentos/${id}/cancelar`, auth: 'citizen' }),
  wait: (c: AppLoadContext, servico: string, unidade: string) => call<WaitingEntry>(c, { method: 'POST', url: '/v1/agendamentos/espera', body: { servico, unidade }, auth: 'citizen' }),
  waiting: (c: AppLoadContext, id: number) => call<WaitingEntry>(c, { url: `/v1/agendamentos/espera/${id}`, auth: 'citizen' }),
  accept: (c: AppLoadContext, id: number) => call<Appointment>(c, { method: 'POST', url: `/v1/agendamentos/espera/${id}/aceitar`, auth: 'citizen' }),
  leave: (c: AppLoadContext, id: number) => call<WaitingEntry>(c, { method: 'POST', url: `/v1/agendamentos/espera/${id}/sair`, auth: 'citizen' }),
};

/** The appointment's .ics, downloaded through the citizen's session. */
export async function calendarFile(context: AppLoadContext, id: number): Promise<Response> {
  const file = await callRaw(context, { url: `/v1/agendamentos/${id}/agendamento.ics`, auth: 'citizen' }).catch((err: unknown) => {
    if (!(err instanceof ApiError)) throw err;
    return err;
  });
  if (file instanceof ApiError) return plainText(file.status === 404 ? 404 : 502, file.status === 404 ? 'Agendamento não encontrado.' : 'Não foi possível gerar o arquivo do calendário.');
  return personalFile(file, 'text/calendar; charset=utf-8', 'agendamento.ics');
}
