import { APPOINTMENT_STATE_LABELS, AppointmentParams } from '@portal/contracts';
import { Form, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { appointmentsApi } from '../features/appointments/appointments.server.ts';
import { bookingPath } from '../features/appointments/paths.ts';
import { qrSvg } from '../features/home/qr.server.ts';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import { refusal } from '../features/requests/requests.server.ts';
import { ActionMessage } from '../features/requests/action-message.tsx';
import styles from '../features/requests/requests.module.css';
import { required } from '../lib/api.server.ts';
import { requireCitizen } from '../lib/citizen.ts';
import { formValues, readForm } from '../lib/form.server.ts';
import { formatDateTime, formatLongDate, formatTime } from '../lib/format.ts';
import { pageError } from '../lib/page-error.ts';

function idOf(params: Record<string, string | undefined>) {
  const parsed = AppointmentParams.safeParse(params);
  if (!parsed.success) throw pageError(404, 'Agendamento não encontrado.');
  return parsed.data.id;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireCitizen(context, request);
  const appointment = await required(context, appointmentsApi.get(context, idOf(params)), { notFound: 'Agendamento não encontrado.' });
  const url = new URL(request.url);
  return {
    appointment,
    // The code the front desk reads: drawn on the server, so the page needs no script for it.
    qr: appointment.state === 'agendado' ? qrSvg(appointment.code) : null,
    just: url.searchParams.has('agendado') ? 'agendado' : url.searchParams.has('remarcado') ? 'remarcado' : null,
  };
}

/** 'Cancelar agendamento', asked once more before it is done. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireCitizen(context, request);
  const id = idOf(params);
  const { acao } = formValues(await readForm(request));
  if (acao === 'cancelar') return { confirm: true, message: '', done: false };
  if (acao !== 'cancelar-confirmado') return { confirm: false, message: 'Ação desconhecida.', done: false };
  try {
    await appointmentsApi.cancel(context, id);
    return { confirm: false, message: 'Agendamento cancelado. O horário ficou livre para outra pessoa.', done: true };
  } catch (err) {
    return { confirm: false, message: refusal(err).message, done: false };
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => personalMeta(data ? `Agendamento ${data.appointment.protocol}` : 'Agendamento');

/** An appointment (issue 29): when and where, what to bring, the QR code for the desk, the .ics; reschedule or cancel in time. */
export default function AppointmentPage() {
  const { appointment: a, qr, just } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const open = a.state === 'agendado';
  return (
    <PageFrame title={just === 'agendado' ? 'Atendimento agendado' : `Agendamento: ${a.service.title}`} homeHref="/">
      {just ? (
        <div className={styles.confirmation} data-testid="confirmation">
          <p>{just === 'agendado' ? 'Seu número de protocolo é' : 'Agendamento remarcado. O protocolo continua'}</p>
          <strong className={styles.protocol} data-testid="protocol">
            {a.protocol}
          </strong>
          <p>Enviamos a confirmação para as suas mensagens e o seu e-mail. Na véspera, lembramos você.</p>
        </div>
      ) : null}
      <ActionMessage result={result} />
      <dl className={styles.known}>
        <dt>Serviço</dt>
        <dd>{a.service.title}</dd>
        <dt>Quando</dt>
        <dd data-testid="appointment-when">
          {formatLongDate(a.startsAt)}, às {formatTime(a.startsAt)} ({a.minutes} minutos)
        </dd>
        <dt>Onde</dt>
        <dd>
          {a.unit.name}
          <br />
          {a.unit.address}, {a.unit.city}
          {a.unit.phone ? `. Telefone ${a.unit.phone}` : ''}
          <br />
          <a href={a.unit.mapUrl} target="_blank" rel="noopener noreferrer">
            Ver no mapa<span className="visually-hidden"> (abre em nova aba)</span>
          </a>
        </dd>
        <dt>Protocolo</dt>
        <dd>{a.protocol}</dd>
        <dt>Situação</dt>
        <dd>
          <span className={styles.badge} data-testid="appointment-state">
            {APPOINTMENT_STATE_LABELS[a.state]}
          </span>
        </dd>
      </dl>
      {qr ? (
        <PageSection id="qr" title="Na recepção">
          <figure className={styles.card}>
            <div className={styles.qr} role="img" aria-label={`QR code do agendamento ${a.protocol}`} data-testid="appointment-qr" dangerouslySetInnerHTML={{ __html: qr }} />
            <figcaption>
              Mostre este QR code na recepção da unidade, ou diga o protocolo {a.protocol}. Chegue alguns minutos antes de {formatTime(a.startsAt)}.
            </figcaption>
          </figure>
        </PageSection>
      ) : null}
      {a.service.documents.length ? (
        <PageSection id="levar" title="O que levar">
          <ul>
            {a.service.documents.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        </PageSection>
      ) : null}
      {open ? (
        <PageSection id="mudar" title="Calendário e mudanças">
          <p>
            <a href={`/app/agendamentos/${a.id}/agendamento.ics`} className={styles.secondary} download>
              Adicionar ao calendário (.ics)
            </a>
          </p>
          {a.changeUntil ? (
            <>
              <p>Você pode remarcar ou cancelar até {formatDateTime(a.changeUntil)}.</p>
              <p>
                <a href={bookingPath(a.service.slug, { remarcar: a.id })}>Remarcar para outro horário</a>
              </p>
              {result?.confirm ? (
                <Form method="post" className={styles.panel}>
                  <p>Cancelar o atendimento de {formatDateTime(a.startsAt)}? O horário fica livre para outra pessoa.</p>
                  <button type="submit" name="acao" value="cancelar-confirmado" className={styles.button}>
                    Sim, cancelar
                  </button>{' '}
                  <a href={`/app/agendamentos/${a.id}`}>Não, manter</a>
                </Form>
              ) : (
                <Form method="post">
                  <button type="submit" name="acao" value="cancelar" className={styles.secondary}>
                    Cancelar agendamento
                  </button>
                </Form>
              )}
            </>
          ) : (
            <p>O prazo para remarcar ou cancelar pelo portal já passou. Se não puder ir, avise a unidade pelo telefone.</p>
          )}
        </PageSection>
      ) : null}
    </PageFrame>
  );
}
