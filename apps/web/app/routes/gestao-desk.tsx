import { APPOINTMENT_STATE_LABELS, CheckIn, DeskAppointmentParams, DeskQuery, formatIsoDay, type DeskDay } from '@portal/contracts';
import { data, Form, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { DESK_PATH } from '../features/appointments/paths.ts';
import { ActionAnswer } from '../features/gestao/gestao-ui.tsx';
import styles from '../features/gestao/gestao.module.css';
import { staffAction, staffCall } from '../features/gestao/gestao.server.ts';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import { formValues, readForm } from '../lib/form.server.ts';
import { formatTime } from '../lib/format.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const parsed = DeskQuery.safeParse(Object.fromEntries([...url.searchParams].filter(([k, v]) => (k === 'unidade' || k === 'dia') && v !== '')));
  const query = new URLSearchParams(parsed.success ? Object.entries(parsed.data).flatMap(([k, v]) => (v ? [[k, v]] : [])) : []);
  const day = await staffCall<DeskDay>(context, request, { url: `/v1/gestao/agenda?${query}` });
  return { day, problem: parsed.success ? null : parsed.error.issues[0]!.message };
}

type Answer = { message?: string; done?: string };

/** 'Receber' (by the QR's code, the protocol or the CPF), 'Chegou' and 'Não compareceu': plain POSTs. */
export async function action({ request, context }: ActionFunctionArgs) {
  const values = formValues(await readForm(request));
  const intent = String(values.intent ?? '');
  if (intent === 'receber') {
    const parsed = CheckIn.safeParse({ unidade: values.unidade, busca: values.busca ?? '' });
    if (!parsed.success) return data<Answer>({ message: parsed.error.issues[0]!.message }, { status: 400 });
    const done = await staffAction<{ protocol: string; citizenName: string }>(context, request, { method: 'POST', url: '/v1/gestao/agenda/chegada', body: parsed.data });
    if (!done.ok) return data<Answer>({ message: done.message }, { status: done.status });
    return { done: `${done.value.citizenName} recebida: agendamento ${done.value.protocol}.` } satisfies Answer;
  }
  const id = DeskAppointmentParams.safeParse({ id: values.id });
  if (!id.success || (intent !== 'chegada' && intent !== 'falta')) return data<Answer>({ message: 'Ação inválida.' }, { status: 400 });
  const done = await staffAction<{ protocol: string; citizenName: string }>(context, request, { method: 'POST', url: `/v1/gestao/agenda/${id.data.id}/${intent}` });
  if (!done.ok) return data<Answer>({ message: done.message }, { status: done.status });
  return { done: intent === 'chegada' ? `${done.value.citizenName} recebida: agendamento ${done.value.protocol}.` : `Falta registrada no agendamento ${done.value.protocol}.` } satisfies Answer;
}

export const meta: MetaFunction = () => personalMeta('Agenda da unidade');

/**
 * The front desk's day at a unit (issue 29): who comes when, receiving by the QR code of the confirmation, the
 * protocol or the CPF, the absences, and the next free times for someone who walks in. Works without scripts.
 */
export default function GestaoDesk() {
  const { day, problem } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  return (
    <PageFrame title="Agenda da unidade" homeHref="/app/gestao" intro={<p>Os agendamentos do dia na unidade. Receber alguém fica registrado para o cidadão, em 'Quem acessou meus dados'.</p>}>
      {problem ? (
        <p className={styles.alert} role="alert">
          {problem}
        </p>
      ) : null}
      <ActionAnswer answer={answer} />
      {day.units.length === 0 ? (
        <p>Sua conta não atende na recepção de nenhuma unidade com agendamento.</p>
      ) : (
        <>
          <form method="get" action={DESK_PATH} className={`${styles.panel} ${styles.queueFilters}`} aria-label="Unidade e dia">
            <div>
              <label className={styles.label} htmlFor="unidade">
                Unidade
              </label>
              <select id="unidade" name="unidade" className={styles.input} defaultValue={day.unit?.slug ?? ''}>
                {day.units.map((u) => (
                  <option key={u.slug} value={u.slug}>
                    {u.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label className={styles.label} htmlFor="dia">
                Dia
              </label>
              <input id="dia" name="dia" type="date" className={styles.input} defaultValue={day.day} />
            </div>
            <button type="submit" className={styles.secondary}>
              Ver
            </button>
          </form>
          {day.unit ? (
            <>
              <PageSection id="receber" title="Receber quem chegou">
                <Form method="post" className={styles.form}>
                  <input type="hidden" name="intent" value="receber" />
                  <input type="hidden" name="unidade" value={day.unit.slug} />
                  <label className={styles.label} htmlFor="recepcao-busca">
                    QR code, protocolo ou CPF
                  </label>
                  <input id="recepcao-busca" name="busca" className={styles.input} maxLength={40} autoComplete="off" spellCheck={false} />
                  <div className={styles.actions}>
                    <button type="submit" className={styles.button}>
                      Receber
                    </button>
                  </div>
                </Form>
              </PageSection>
              <PageSection id="agendados" title={`${day.unit.name}, ${formatIsoDay(day.day)}`}>
                {day.appointments.length ? (
                  <div className={styles.tableScroll} tabIndex={0} role="region" aria-label="Agendamentos do dia">
                    <table className={styles.table} data-testid="desk">
                      <thead>
                        <tr>
                          <th scope="col">Horário</th>
                          <th scope="col">Serviço</th>
                          <th scope="col">Cidadão</th>
                          <th scope="col">Situação</th>
                          <th scope="col">
                            <span className="visually-hidden">Ações</span>
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {day.appointments.map((a) => (
                          <tr key={a.id} data-testid="desk-item">
                            <td>{formatTime(a.startsAt)}</td>
                            <td>{a.service}</td>
                            <td>
                              {a.citizenName}
                              <br />
                              <small>CPF {a.citizenCpf}</small>
                            </td>
                            <td>
                              {APPOINTMENT_STATE_LABELS[a.state]}
                              {a.handledBy ? <small> ({a.handledBy})</small> : null}
                            </td>
                            <td>
                              {a.state === 'agendado' ? (
                                <Form method="post" className={styles.inline}>
                                  <input type="hidden" name="id" value={a.id} />
                                  <button type="submit" name="intent" value="chegada" className={styles.secondary} aria-label={`Chegou: ${a.citizenName}, ${formatTime(a.startsAt)}`}>
                                    Chegou
                                  </button>{' '}
                                  <button type="submit" name="intent" value="falta" className={styles.secondary} aria-label={`Não compareceu: ${a.citizenName}, ${formatTime(a.startsAt)}`}>
                                    Não compareceu
                                  </button>
                                </Form>
                              ) : null}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                ) : (
                  <p>Nenhum agendamento neste dia.</p>
                )}
              </PageSection>
              {day.nextFree.length ? (
                <PageSection id="livres" title="Próximos horários livres hoje">
                  <ul>
                    {day.nextFree.map((f) => (
                      <li key={`${f.service}${f.startsAt}`}>
                        {formatTime(f.startsAt)}: {f.service} ({f.free} {f.free === 1 ? 'vaga' : 'vagas'})
                      </li>
                    ))}
                  </ul>
                </PageSection>
              ) : null}
            </>
          ) : null}
        </>
      )}
    </PageFrame>
  );
}
