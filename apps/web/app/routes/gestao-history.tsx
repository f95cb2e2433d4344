import type { FieldChange, GestaoService, VersionSummary } from '@portal/contracts';
import { data, Form, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useActionData, useLoaderData } from 'react-router';
import { FieldChanges, StateBadge, when } from '../features/gestao/gestao-ui.tsx';
import styles from '../features/gestao/gestao.module.css';
import { serviceUrl, staffAction, staffCall } from '../features/gestao/gestao.server.ts';
import { withWordMarks } from '../features/gestao/word-marks.server.ts';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import { formValues, readForm } from '../lib/form.server.ts';

type Comparison = { from: number; to: number; changes: FieldChange[] };

/** The history, and the comparison of two versions when the form asks for one (?de=…&para=…). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const service = await staffCall<GestaoService>(context, request, { url: serviceUrl(params.id!) });
  const { versions } = await staffCall<{ versions: VersionSummary[] }>(context, request, { url: `${serviceUrl(params.id!)}/versoes` });
  const from = url.searchParams.get('de');
  const to = url.searchParams.get('para');
  const comparison =
    from && to && /^\d+$/.test(from) && /^\d+$/.test(to) ? await staffCall<Comparison>(context, request, { url: `${serviceUrl(params.id!)}/versoes/${from}/comparacao/${to}` }) : null;
  return { service, versions, comparison: comparison && { ...comparison, changes: withWordMarks(comparison.changes) } };
}

/** 'Restaurar': an old version becomes a new draft. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const values = formValues(await readForm(request));
  const version = String(values.version ?? '');
  if (!/^\d+$/.test(version)) return data({ message: 'Versão inválida.' }, { status: 400 });
  const result = await staffAction<GestaoService>(context, request, { method: 'POST', url: `${serviceUrl(params.id!)}/versoes/${version}/restaurar` });
  if (!result.ok) return data({ message: result.message }, { status: result.status });
  throw redirect(`/app/gestao/servicos/${params.id}`, 303);
}

export const meta: MetaFunction = () => personalMeta('Histórico de versões');

export default function GestaoHistory() {
  const { service, versions, comparison } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() as { message: string } | undefined;
  const published = versions.filter((v) => v.state === 'publicado' || v.state === 'substituido');
  return (
    <PageFrame title={`Histórico: ${service.live.title}`} homeHref="/app/gestao" intro={<p>Cada versão, quem a escreveu e quando foi publicada. Compare duas versões campo a campo.</p>}>
      {refused ? (
        <p className={styles.alert} role="alert">
          {refused.message}
        </p>
      ) : null}
      {comparison ? (
        <PageSection id="comparacao" title={`Versão ${comparison.from} comparada com a versão ${comparison.to}`}>
          {comparison.changes.length ? <FieldChanges changes={comparison.changes} /> : <p>As duas versões são iguais.</p>}
        </PageSection>
      ) : null}
      <PageSection id="versoes" title="Versões">
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Versão</th>
              <th scope="col">Situação</th>
              <th scope="col">Nota da alteração</th>
              <th scope="col">Quem e quando</th>
              <th scope="col">Ações</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((v, i) => {
              const previous = versions.slice(i + 1).find((older) => older.state === 'publicado' || older.state === 'substituido');
              return (
                <tr key={v.id}>
                  <td>{v.id}</td>
                  <td>
                    <StateBadge state={v.state} />
                  </td>
                  <td>{v.changeNote}</td>
                  <td>
                    {v.createdByName}, {when(v.createdAt)}
                    {v.reviewedByName ? `; revisão de ${v.reviewedByName}` : ''}
                    {v.publishedAt ? `; publicada em ${when(v.publishedAt)}` : ''}
                  </td>
                  <td>
                    {previous ? <a href={`?de=${previous.id}&para=${v.id}`}>Comparar com a versão {previous.id}</a> : null}
                    {service.can.edit && !service.open && v.state === 'substituido' ? (
                      <Form method="post">
                        <input type="hidden" name="version" value={v.id} />
                        <button type="submit" className={styles.secondary}>
                          Restaurar como rascunho
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {published.length < 2 ? <p>Ainda não há duas versões publicadas para comparar.</p> : null}
      </PageSection>
    </PageFrame>
  );
}
