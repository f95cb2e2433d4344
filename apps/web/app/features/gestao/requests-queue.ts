import { formatIsoDay } from '../../lib/format.ts';

// The department's requests in the back office (issue 28): where they live and how a deadline reads.

export const REQUESTS_QUEUE_PATH = '/app/gestao/solicitacoes';
/** The days a department does not open, which deadlines do not count. */
export const CLOSURES_PATH = '/app/gestao/dias-sem-expediente';

/** A time left in business days, in words and never in colour alone. */
export function deadlineText(daysLeft: number | null, dueOn: string | null, state: string) {
  if (!dueOn) return 'Sem prazo';
  if (state === 'aguardando_cidadao') return `${formatIsoDay(dueOn)} (parado: aguardando o cidadão)`;
  if (daysLeft === null) return `Encerrada (o prazo era ${formatIsoDay(dueOn)})`;
  if (daysLeft < 0) return `Atrasada: venceu em ${formatIsoDay(dueOn)} (${-daysLeft} ${-daysLeft === 1 ? 'dia útil' : 'dias úteis'})`;
  if (daysLeft === 0) return `Vence hoje (${formatIsoDay(dueOn)})`;
  return `${formatIsoDay(dueOn)} (${daysLeft} ${daysLeft === 1 ? 'dia útil' : 'dias úteis'})`;
}
