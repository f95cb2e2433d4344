import type { ConsistencyReport, MergeDocumentsResult, MergeUnitsResult } from '@portal/contracts';
import { data, Form, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useActionData, useLoaderData } from 'react-router';
import { ActionAnswer } from '../features/gestao/gestao-ui.tsx';
import styles from '../features/gestao/gestao.module.css';
import { staffAction, staffCall } from '../features/gestao/gestao.server.ts';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import { formValues, listOf, readForm } from '../lib/form.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return staffCall<ConsistencyReport>(context, request, { url: '/v1/gestao/consistencia' });
}

const names = (services: { title: string }[]) => services.map((s) => s.title).join('; ');

/** Merging, as plain POSTs: one name for a document (changes sent to each department's review), one address for a unit. */
export async function action({ request, context }: ActionFunctionArgs) {
  const values = formValues(await readForm(request));
  if (values.intent === 'documentos') {
    const result = await staffAction<MergeDocumentsResult>(context, request, {
      method: 'POST',
      url: '/v1/gestao/consistencia/documentos',
      body: { canonical: String(values.canonical ?? ''), variants: listOf(values, 'variants') },
    });
    if (!result.ok) return data({ message: result.message, done: undefined }, { status: result.status });
    const { sent, skipped } = result.value;
    const done = [
      sent.length ? `Alteração enviada à revisão de cada órgão em ${sent.length} ${sent.length === 1 ? 'serviço' : 'serviços'}: ${names(sent)}.` : '',
      skipped.length ? `Ficaram como estavam, por já terem uma alteração em andamento: ${names(skipped)}.` : '',
    ];
    return { message: undefined, done: done.filter(Boolean).join(' ') };
  }
  if (values.intent === 'unidades') {
    const result = await staffAction<MergeUnitsResult>(context, request, {
      method: 'POST',
      url: '/v1/gestao/consistencia/unidades',
      body: { source: String(values.source ?? ''), targets: listOf(values, 'targets') },
    });
    if (!result.ok) return data({ message: result.message, done: undefined }, { status: result.status });
    return { message: undefined, done: `Endereço corrigido em ${result.value.updated} ${result.value.updated === 1 ? 'unidade' : 'unidades'}. Os cidadãos já o leem.` };
  }
  return data({ message: 'Ação desconhecida.', done: undefined }, { status: 400 });
}

export const meta: MetaFunction = () => personalMeta('Consistência do catálogo');

/** The central team's view of facts that disagree across services, and the way to make them agree. */
export default function GestaoConsistency() {
  const { documents, units } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <PageFrame
      title="Consistência do catálogo"
      homeHref="/app/gestao"
      intro={<p>Onde os serviços divergem sobre o que deveria ser igual em todos: o mesmo documento com nomes diferentes, a mesma unidade com dois endereços.</p>}
    >
      <ActionAnswer answer={answer} />
      <PageSection id="documentos" title={`Documentos com nomes parecidos (${documents.length})`}>
        <p className={styles.hint}>
          Escolha o nome que fica e marque os que ele substitui. Cada serviço que usa um nome substituído recebe uma alteração, que a revisão do órgão aprova.
        </p>
        {documents.length ? null : <p>Nenhuma divergência encontrada.</p>}
        {documents.map((group) => (
          <Form method="post" key={group.names[0]!.name} className={styles.panel}>
            <fieldset className={styles.fieldset}>
              <legend>{group.names[0]!.name}</legend>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">Nome</th>
                    <th scope="col">Serviços que o usam</th>
                    <th scope="col">Nome que fica</th>
                    <th scope="col">Substituir</th>
                  </tr>
                </thead>
                <tbody>
                  {group.names.map((name, n) => (
                    <tr key={name.name}>
                      <th scope="row">{name.name}</th>
                      <td>
                        {name.services.length}: {names(name.services)}
                      </td>
                      <td>
                        <label className={styles.check}>
                          <input type="radio" name="canonical" value={name.name} defaultChecked={n === 0} />
                          <span className="visually-hidden">Manter “{name.name}”</span>
                        </label>
                      </td>
                      <td>
                        <label className={styles.check}>
                          <input type="checkbox" name="variants" value={name.name} />
                          <span className="visually-hidden">Substituir “{name.name}”</span>
                        </label>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <button type="submit" name="intent" value="documentos" className={styles.button}>
                Unificar os nomes marcados
              </button>
            </fieldset>
          </Form>
        ))}
      </PageSection>

      <PageSection id="unidades" title={`Unidades com mais de um endereço (${units.length})`}>
        <p className={styles.hint}>Escolha a unidade com o endereço certo e marque as que devem recebê-lo. A correção aparece para os cidadãos na hora.</p>
        {units.length ? null : <p>Nenhuma divergência encontrada.</p>}
        {units.map((group) => (
          <Form method="post" key={group.name} className={styles.panel}>
            <fieldset className={styles.fieldset}>
              <legend>{group.name}</legend>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">Órgão</th>
                    <th scope="col">Endereço</th>
                    <th scope="col">Endereço certo</th>
                    <th scope="col">Corrigir</th>
                  </tr>
                </thead>
                <tbody>
                  {group.units.map((unit, n) => (
                    <tr key={unit.slug}>
                      <th scope="row">{unit.department}</th>
                      <td>
                        {[unit.address, unit.district, unit.city, unit.postalCode].filter(Boolean).join(', ')} ({unit.services} {unit.services === 1 ? 'serviço' : 'serviços'})
                      </td>
                      <td>
                        <label className={styles.check}>
                          <input type="radio" name="source" value={unit.slug} defaultChecked={n === 0} />
                          <span className="visually-hidden">
                            Endereço certo: {unit.department}, {unit.address}
                          </span>
                        </label>
                      </td>
                      <td>
                        <label className={styles.check}>
                          <input type="checkbox" name="targets" value={unit.slug} />
                          <span className="visually-hidden">
                            Corrigir: {unit.department}, {unit.address}
                          </span>
                        </label>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <button type="submit" name="intent" value="unidades" className={styles.button}>
                Usar o endereço escolhido nas unidades marcadas
              </button>
            </fieldset>
          </Form>
        ))}
      </PageSection>
    </PageFrame>
  );
}
