import { ClosureInput, ClosureParams, formatIsoDay, type Closure, type ClosureList } from '@portal/contracts';
import { data, Form, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { REQUESTS_QUEUE_PATH } from '../features/gestao/requests-queue.ts';
import { ActionAnswer } from '../features/gestao/gestao-ui.tsx';
import styles from '../features/gestao/gestao.module.css';
import { staffAction, staffCall } from '../features/gestao/gestao.server.ts';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import { formValues, readForm } from '../lib/form.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return staffCall<ClosureList>(context, request, { url: '/v1/gestao/fechamentos' });
}

type Typed = { orgao: string; dia: string; motivo: string };
type Answer = { message?: string; done?: string; typed: Typed };

/** 'Fechar o dia' and 'Reabrir': plain POSTs; a refusal comes back with what was typed. */
export async function action({ request, context }: ActionFunctionArgs) {
  const values = formValues(await readForm(request));
  const text = (name: string) => String(values[name] ?? '');
  const typed: Typed = { orgao: text('orgao'), dia: text('dia'), motivo: text('motivo') };
  if (text('intent') === 'reabrir') {
    const id = ClosureParams.safeParse({ id: text('id') });
    if (!id.success) return data<Answer>({ message: id.error.issues[0]!.message, typed }, { status: 400 });
    const opened = await staffAction<null>(context, request, { method: 'DELETE', url: `/v1/gestao/fechamentos/${id.data.id}` });
    if (!opened.ok) return data<Answer>({ message: opened.message, typed }, { status: opened.status });
    return { done: `${formatIsoDay(text('dia'))} voltou a ser dia de expediente; os prazos que ele tinha adiado voltaram ao que eram.`, typed: { ...typed, dia: '', motivo: '' } } satisfies Answer;
  }
  const parsed = ClosureInput.safeParse(typed);
  if (!parsed.success) return data<Answer>({ message: parsed.error.issues[0]!.message, typed }, { status: 400 });
  const closed = await staffAction<Closure>(context, request, { method: 'POST', url: '/v1/gestao/fechamentos', body: parsed.data });
  if (!closed.ok) return data<Answer>({ message: closed.message, typed }, { status: closed.status });
  const { value } = closed;
  const moved = value.moved ?? 0;
  const who = value.department?.shortName ?? 'todos os órgãos';
  const effect = moved === 0 ? 'Nenhuma solicitação aberta tinha prazo que passasse por esse dia.' : `${moved === 1 ? '1 solicitação aberta passou' : `${moved.toLocaleString('pt-BR')} solicitações abertas passaram`} a vencer um dia útil depois.`;
  const cancelled = value.cancelled ?? 0;
  const appointments = cancelled ? ` ${cancelled === 1 ? '1 agendamento desse dia foi cancelado' : `${cancelled.toLocaleString('pt-BR')} agendamentos desse dia foram cancelados`}, com aviso ao cidadão e os próximos horários livres.` : '';
  return { done: `${formatIsoDay(value.day)} fechado para ${who}. ${effect}${appointments}`, typed: { ...typed, dia: '', motivo: '' } } satisfies Answer;
}

export const meta: MetaFunction = () => personalMeta('Dias sem expediente');

const WEEKDAY = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', timeZone: 'UTC' });
/** 'terça-feira, 01/12/2026' */
const dayInWords = (day: string) => `${WEEKDAY.format(new Date(`${day}T12:00:00Z`))}, ${formatIsoDay(day)}`;

/**
 * Days without office hours (issue 28): a department's leads close a day (a 'ponto facultativo', a strike, a move)
 * and the deadlines of its requests do not count it, as a holiday; the central team closes one for every
 * department. The list shows the days from today on; one not yet come can be opened again.
 */
export default function GestaoClosures() {
  const { closures, departments, mayCloseState, today } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const typed = answer?.typed;
  const mayClose = departments.length > 0 || mayCloseState;
  return (
    <PageFrame
      title="Dias sem expediente"
      homeHref="/app/gestao"
      intro={
        <p>
          Os dias em que o órgão não abre, além dos feriados nacionais e do Piauí, que já são contados. Os prazos das solicitações não contam esses dias: as abertas que passam por um dia fechado
          vencem um dia útil depois. Os agendamentos nas unidades do órgão nesse dia são cancelados, e cada cidadão recebe um aviso com os próximos horários livres. <a href={REQUESTS_QUEUE_PATH}>Voltar para as solicitações</a>
        </p>
      }
    >
      <ActionAnswer answer={answer} />
      <PageSection id="fechados" title="Dias fechados de hoje em diante">
        {closures.length ? (
          <div className={styles.tableScroll} tabIndex={0} role="region" aria-label="Dias fechados">
            <table className={styles.table} data-testid="closures">
              <thead>
                <tr>
                  <th scope="col">Dia</th>
                  <th scope="col">Órgão</th>
                  <th scope="col">Motivo</th>
                  <th scope="col">Registrado por</th>
                  <th scope="col">
                    <span className="visually-hidden">Ação</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {closures.map((c) => (
                  <tr key={c.id}>
                    <td>{dayInWords(c.day)}</td>
                    <td>{c.department?.shortName ?? 'Todos os órgãos'}</td>
                    <td>{c.reason}</td>
                    <td>{c.createdBy}</td>
                    <td>
                      {c.day > today && (c.department ? departments.some((d) => d.slug === c.department!.slug) : mayCloseState) ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="reabrir" />
                          <input type="hidden" name="id" value={c.id} />
                          <input type="hidden" name="dia" value={c.day} />
                          <button type="submit" className={styles.secondary} aria-label={`Reabrir ${formatIsoDay(c.day)} (${c.department?.shortName ?? 'todos os órgãos'})`}>
                            Reabrir
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
          <p>Nenhum dia fechado de hoje em diante.</p>
        )}
      </PageSection>
      <PageSection id="fechar" title="Fechar um dia">
        {mayClose ? (
          <Form method="post" className={styles.form}>
            <input type="hidden" name="intent" value="fechar" />
            <label className={styles.label} htmlFor="orgao">
              Órgão
            </label>
            <select id="orgao" name="orgao" className={styles.input} defaultValue={typed?.orgao || (departments.length === 1 ? departments[0]!.slug : '')} key={`orgao-${typed?.orgao}`}>
              {departments.length === 1 && !mayCloseState ? null : <option value="">Escolha o órgão</option>}
              {mayCloseState ? <option value="estado">Todos os órgãos (ponto facultativo do estado)</option> : null}
              {departments.map((d) => (
                <option key={d.slug} value={d.slug}>
                  {d.shortName}
                </option>
              ))}
            </select>
            <label className={styles.label} htmlFor="dia">
              Dia
            </label>
            <input id="dia" name="dia" type="date" className={styles.input} min={today} defaultValue={typed?.dia ?? ''} key={`dia-${typed?.dia}`} />
            <label className={styles.label} htmlFor="motivo">
              Motivo
            </label>
            <input id="motivo" name="motivo" type="text" className={styles.input} maxLength={200} autoComplete="off" defaultValue={typed?.motivo ?? ''} key={`motivo-${typed?.motivo}`} />
            <div className={styles.actions}>
              <button type="submit" className={styles.button}>
                Fechar o dia
              </button>
            </div>
          </Form>
        ) : (
          <p>Só quem coordena o atendimento de um órgão (e a equipe central) fecha os dias dele. Peça a quem coordena o seu.</p>
        )}
      </PageSection>
    </PageFrame>
  );
}
