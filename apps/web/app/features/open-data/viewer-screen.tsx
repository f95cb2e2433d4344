import { Link } from 'react-router';
import { catalogPath } from '../../lib/paths.ts';
import { DatasetForm } from './dataset-form.tsx';
import { DownloadButton, FailureNotice, ResultView, UpdatedAt } from './data-view.tsx';
import styles from './open-data.module.css';
import type { EndpointLink, GroupInfo, View } from './view.ts';
import { Breadcrumb } from '../../components/breadcrumb/breadcrumb.tsx';

/** Início › Dados Abertos › the group › this page. */
function OpenDataBreadcrumb({ group, current }: { group: GroupInfo | null; current: string }) {
  const trail = [
    { to: catalogPath('/'), label: 'Início' },
    { to: catalogPath('/dados'), label: 'Dados Abertos' },
    ...(group && group.text !== current ? [{ to: catalogPath(`/dados/${group.slug}`), label: group.text }] : []),
  ];
  return <Breadcrumb trail={trail} current={current} />;
}

function EndpointList({ endpoints, label }: { endpoints: EndpointLink[]; label: string }) {
  return (
    <section className={styles.panel} aria-labelledby="consultas">
      <h2 id="consultas">{label}</h2>
      <ul className={styles.endpointList}>
        {endpoints.map((endpoint) => (
          <li key={endpoint.slug}>
            <Link to={catalogPath(`/dados/${endpoint.slug}`)}>{endpoint.description}</Link>
            {endpoint.format === 'csv' ? <span className={styles.tag}>CSV</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The screen of one /dados/... address: a group's queries, a query's form, the automatic viewer or not found. */
export function ViewerScreen({ view, loading }: { view: View; loading: boolean }) {
  if (view.kind === 'not-found') {
    return (
      <>
        <OpenDataBreadcrumb group={view.group} current={view.message} />
        <h1 className={styles.title}>{view.message}</h1>
        <p>Confira o endereço ou escolha uma das consultas de dados abertos.</p>
        {view.endpoints.length ? <EndpointList endpoints={view.endpoints} label={`Consultas de ${view.group?.text ?? 'dados abertos'}`} /> : null}
        <p>
          <Link to={catalogPath('/dados')}>Ver todos os grupos de dados abertos</Link>
        </p>
      </>
    );
  }

  if (view.kind === 'group') {
    return (
      <>
        <OpenDataBreadcrumb group={view.group} current={view.group.text} />
        <p className={styles.eyebrow}>Dados Abertos</p>
        <h1 className={styles.title}>{view.group.text}</h1>
        <p>{view.group.description}</p>
        <UpdatedAt value={view.updatedAt} />
        <EndpointList endpoints={view.endpoints} label="Consultas disponíveis" />
      </>
    );
  }

  if (view.kind === 'form') {
    return (
      <>
        <OpenDataBreadcrumb group={view.group} current={view.title} />
        <p className={styles.eyebrow}>{view.group.text}</p>
        <h1 className={styles.title}>{view.title}</h1>
        <UpdatedAt value={view.updatedAt} />
        {view.endpoint.format === 'csv' ? (
          <p>Preencha os parâmetros e busque os dados para conferir uma prévia e baixar o arquivo CSV completo.</p>
        ) : (
          <p>Preencha os parâmetros e busque os dados. Depois, exporte o resultado em JSON, CSV ou XML.</p>
        )}
        <DatasetForm fields={view.fields} serverMissing={view.missing} serverInvalid={view.invalid} loading={loading} />
        {view.failure ? <FailureNotice failure={view.failure} /> : null}
        {view.download ? (
          <div className={styles.actions}>
            <DownloadButton href={view.download.href} label={view.download.label} resources={view.resources} />
          </div>
        ) : null}
        {view.result ? <ResultView result={view.result} title={view.title} /> : null}
      </>
    );
  }

  return (
    <>
      <OpenDataBreadcrumb group={view.group} current={view.title} />
      <p className={styles.eyebrow}>{view.group?.text ?? 'Dados Abertos'}</p>
      <h1 className={styles.title}>{view.title}</h1>
      <UpdatedAt value={view.updatedAt} />
      <p className={styles.source} data-testid="source-url">
        Dados consultados automaticamente em <code>{view.url || 'endereço não configurado'}</code>
      </p>
      {view.failure ? <FailureNotice failure={view.failure} /> : null}
      {view.result ? <ResultView result={view.result} title={view.title} /> : null}
    </>
  );
}
