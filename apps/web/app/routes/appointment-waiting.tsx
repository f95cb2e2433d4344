import { WaitingParams } from '@portal/contracts';
import { Form, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { appointmentsApi } from '../features/appointments/appointments.server.ts';
import { appointmentPath, bookingPath } from '../features/appointments/paths.ts';
import { PageFrame, personalMeta } from '../features/pages/page-frame.tsx';
import { refusal } from '../features/requests/requests.server.ts';
import { ActionMessage } from '../features/requests/action-message.tsx';
import styles from '../features/requests/requests.module.css';
import { required } from '../lib/api.server.ts';
import { requireCitizen } from '../lib/citizen.ts';
import { formValues, readForm } from '../lib/form.server.ts';
import { formatDateTime, formatTime } from '../lib/format.ts';
import { pageError } from '../lib/page-error.ts';

function idOf(params: Record<string, string | undefined>) {
  const parsed = WaitingParams.safeParse(params);
  if (!parsed.success) throw pageError(404, 'Lista de espera não encontrada.');
  return parsed.data.id;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireCitizen(context, request);
  return required(context, appointmentsApi.waiting(context, idOf(params)), { notFound: 'Lista de espera não encontrada.' });
}

/** 'Confirmar este horário' (the appointment, then its page) and 'Sair da lista'. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireCitizen(context, request);
  const id = idOf(params);
  const { acao } = formValues(await readForm(request));
  try {
    if (acao === 'aceitar') {
      const made = await appointmentsApi.accept(context, id);
      throw redirect(`${appointmentPath(made.id)}?agendado=1`);
    }
    if (acao === 'sair') {
      await appointmentsApi.leave(context, id);
      return { message: 'Você saiu da lista de espera.', done: true };
    }
    return { message: 'Ação desconhecida.', done: false };
  } catch (err) {
    if (err instanceof Response) throw err;
    return { message: refusal(err).message, done: false };
  }
}

export const meta: MetaFunction = () => personalMeta('Lista de espera');

/** One's place in a unit's waiting list (issue 29): how many are ahead, or the time held for her and until when. */
export default function AppointmentWaiting() {
  const entry = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <PageFrame title={entry.offer ? 'Abriu um horário para você' : 'Lista de espera'} homeHref="/">
      <ActionMessage result={result} />
      <dl className={styles.known}>
        <dt>Serviço</dt>
        <dd>{entry.service.title}</dd>
        <dt>Unidade</dt>
        <dd>
          {entry.unit.name}, {entry.unit.address}, {entry.unit.city}
        </dd>
      </dl>
      {entry.offer ? (
        <div className={styles.confirmation} data-testid="waiting-offer">
          <p>
            O horário de <strong>{formatDateTime(entry.offer.startsAt)}</strong> está reservado para você até {formatTime(entry.offer.until)}. Depois disso, ele vai para a próxima pessoa da lista.
          </p>
          <Form method="post">
            <button type="submit" name="acao" value="aceitar" className={styles.button}>
              Confirmar este horário
            </button>
          </Form>
        </div>
      ) : entry.state === 'aguardando' ? (
        <p data-testid="waiting-place">
          Você está na lista. {entry.ahead === 0 ? 'Você é a próxima pessoa: o primeiro horário que vagar fica reservado para você, e avisamos nas suas mensagens.' : `${entry.ahead} ${entry.ahead === 1 ? 'pessoa está' : 'pessoas estão'} na sua frente.`}
        </p>
      ) : entry.state === 'aceito' && entry.appointmentId ? (
        <p>
          Você confirmou o horário: <a href={appointmentPath(entry.appointmentId)}>ver o agendamento</a>.
        </p>
      ) : (
        <p>
          {entry.state === 'expirado' ? 'O horário oferecido não foi confirmado a tempo e passou para a próxima pessoa.' : 'Você não está mais nesta lista.'}{' '}
          <a href={bookingPath(entry.service.slug, { unidade: entry.unit.slug })}>Ver os horários da unidade</a>
        </p>
      )}
      {entry.state === 'aguardando' || entry.offer ? (
        <Form method="post">
          <button type="submit" name="acao" value="sair" className={styles.secondary}>
            Sair da lista de espera
          </button>
        </Form>
      ) : null}
    </PageFrame>
  );
}
