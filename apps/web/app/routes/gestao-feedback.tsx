import { FEEDBACK_STATES, type FeedbackInbox } from '@portal/contracts';
import { data, Form, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useActionData, useLoaderData } from 'react-router';
import { ActionAnswer, when } from '../features/gestao/gestao-ui.tsx';
import styles from '../features/gestao/gestao.module.css';
import { staffAction, staffCall } from '../features/gestao/gestao.server.ts';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import { formValues, readForm } from '../lib/form.server.ts';
import { formatNumber } from '../lib/format.ts';

const STATUS_LABEL: Record<(typeof FEEDBACK_STATES)[number], string> = { novo: 'Nova', em_andamento: 'Em andamento', concluido: 'Concluída' };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return staffCall<FeedbackInbox>(context, request, { url: '/v1/gestao/retorno' });
}

/** A suggestion's status (and the version that resolved it): a plain POST. */
export async function action({ request, context }: ActionFunctionArgs) {
  const values = formValues(await readForm(request));
  const id = String(values.id ?? '');
  const version = String(values.versionId ?? '').trim();
  if (!/^\d+$/.test(id)) return data({ message: 'Sugestão inválida.' }, { status: 400 });
  if (version && !/^\d+$/.test(version)) return data({ message: 'Versão inválida: informe o número da versão publicada, como aparece no histórico.' }, { status: 400 });
  const result = await staffAction(context, request, { method: 'POST', url: `/v1/gestao/retorno/${id}`, body: { status: values.status, ...(version ? { versionId: Number(version) } : {}) } });
  if (!result.ok) return data({ message: result.message }, { status: result.status });
  return { done: 'Situação atualizada.' };
}

export const meta: MetaFunction = () => personalMeta('Caixa de retorno');

/** What citizens said about the department's services: Simplifique suggestions (with a status) and ratings. */
export default function GestaoFeedback() {
  const { suggestions, ratings } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { message?: string; done?: string } | undefined;
  return (
    <PageFrame title="Caixa de retorno" homeHref="/app/gestao" intro={<p>Sugestões do Simplifique que citam os seus serviços, e as avaliações que eles receberam.</p>}>
      <ActionAnswer answer={answer} />
      <PageSection id="sugestoes" title={`Sugestões (${suggestions.length})`}>
        {suggestions.length ? (
          suggestions.map((s) => (
            <article key={s.id} className={styles.panel} aria-labelledby={`sugestao-${s.id}`}>
              <h3 id={`sugestao-${s.id}`}>
                {s.protocol}: <a href={`/app/gestao/servicos/${s.service.id}`}>{s.service.title}</a>
              </h3>
              <p>
                {when(s.createdAt)}. Situação: <strong>{STATUS_LABEL[s.status]}</strong>
                {s.versionId ? `, resolvida pela versão ${s.versionId}` : ''}.
              </p>
              <blockquote>{s.message}</blockquote>
              <Form method="post" className={styles.actions}>
                <input type="hidden" name="id" value={s.id} />
                <label className={styles.label} htmlFor={`status-${s.id}`}>
                  Situação
                </label>
                <select id={`status-${s.id}`} name="status" className={styles.input} defaultValue={s.status}>
                  {FEEDBACK_STATES.map((state) => (
                    <option key={state} value={state}>
                      {STATUS_LABEL[state]}
                    </option>
                  ))}
                </select>
                <label className={styles.label} htmlFor={`versao-${s.id}`}>
                  Versão que a resolveu (opcional)
                </label>
                <input id={`versao-${s.id}`} name="versionId" inputMode="numeric" className={styles.input} defaultValue={s.versionId ?? ''} />
                <button type="submit" className={styles.secondary}>
                  Salvar situação
                </button>
              </Form>
            </article>
          ))
        ) : (
          <p>Nenhuma sugestão sobre os seus serviços.</p>
        )}
      </PageSection>
      <PageSection id="avaliacoes" title="Avaliações">
        {ratings.length ? (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Serviço</th>
                <th scope="col">Avaliações</th>
                <th scope="col">Média</th>
                <th scope="col">Com 1 ou 2 estrelas</th>
              </tr>
            </thead>
            <tbody>
              {ratings.map((r) => (
                <tr key={r.service.id}>
                  <td>
                    <a href={`/app/gestao/servicos/${r.service.id}`}>{r.service.title}</a>
                  </td>
                  <td>{r.count}</td>
                  <td>{formatNumber(r.average, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</td>
                  <td>{r.low}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>Nenhuma avaliação ainda.</p>
        )}
      </PageSection>
    </PageFrame>
  );
}
