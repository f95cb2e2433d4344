// Appointments in the portal (issue 29): where the booking, an appointment and the front desk live.

/** Booking a service's appointment: units, then a day, then a time. */
export const bookingPath = (serviceSlug: string, query: Record<string, string | number | undefined> = {}) => {
  const params = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])));
  const text = params.toString();
  return `/app/agendar/${encodeURIComponent(serviceSlug)}${text ? `?${text}` : ''}`;
};
/** One appointment: the confirmation, with the QR code and the .ics. */
export const appointmentPath = (id: number) => `/app/agendamentos/${id}`;
/** The front desk's day at a unit. */
export const DESK_PATH = '/app/gestao/agenda';
/** One's place in a unit's waiting list, and the time offered from it. */
export const waitingPath = (id: number) => `/app/agendamentos/espera/${id}`;
/** The units' agendas, set by the department's leads. */
export const AGENDAS_PATH = '/app/gestao/agendas';
