import { useId } from 'react';
import { Form, Link } from 'react-router';
import styles from '../features/departments/departments.module.css';
import { api, required } from '../lib/api.server.ts';
import { matches } from '../lib/format.ts';
import { catalogPath } from '../lib/paths.ts';
import { canonicalUrl, pageMeta, TITLE_PREFIX } from '../lib/seo.ts';
import type { Route } from './+types/departments';
import { useFieldValue } from '../lib/use-field-value.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const departments = await required(context, api.departments(context));
  return {
    departments: departments.filter((d) => !d.hidden).map((d) => ({ slug: d.slug, shortName: d.shortName, name: d.name })),
    filter: new URL(request.url).searchParams.get('filtro') ?? '',
    canonical: canonicalUrl(request),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return pageMeta({
    // The menu and the footer call them 'Órgãos' (issue 24): one name for one thing (decision 031).
    title: `${TITLE_PREFIX} - Órgãos do governo`,
    description: 'Secretarias e órgãos do Governo do Piauí: missão, endereço, site e os serviços que cada um presta.',
    canonical: data?.canonical,
  });
}

export default function Departments({ loaderData }: Route.ComponentProps) {
  const id = useId();
  const [filter, setFilter, field] = useFieldValue(loaderData.filter);
  const shown = loaderData.departments.filter((d) => matches(d.shortName, filter));
  return (
    <div className="container">
      <h1 className="page-title">Órgãos do governo</h1>
      <Form method="get" className={styles.filter} role="search" aria-label="Filtrar órgãos" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={id}>Filtrar</label>
        <input ref={field} id={id} type="search" name="filtro" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Sigla do órgão, por exemplo SEFAZ" />
        <noscript>
          <button type="submit" className={styles.filterButton}>
            Filtrar
          </button>
        </noscript>
      </Form>
      <p className="visually-hidden" role="status">
        {shown.length} {shown.length === 1 ? 'órgão' : 'órgãos'}
      </p>
      {shown.length ? (
        <ul className={styles.grid}>
          {shown.map((d) => (
            <li key={d.slug} className={styles.card}>
              <h2>
                <Link to={catalogPath(`/orgao/${d.slug}`)}>{d.shortName}</Link>
              </h2>
              <p>{d.name}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>Nenhum órgão encontrado</p>
      )}
    </div>
  );
}
