import { PANEL_OPEN_DATA_GROUP } from '@portal/contracts';
import { ChevronDown, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { Form, Link } from 'react-router';
import { GroupIcon } from '../features/open-data/group-icon.tsx';
import { MESSAGES } from '../features/open-data/endpoints.ts';
import styles from '../features/open-data/open-data.module.css';
import { loadIndex } from '../features/open-data/open-data.server.ts';
import { downloadHref } from '../features/open-data/viewer.server.ts';
import { required } from '../lib/api.server.ts';
import { matches } from '../lib/format.ts';
import { catalogPath } from '../lib/paths.ts';
import { canonicalUrl, pageMeta, TITLE_PREFIX } from '../lib/seo.ts';
import type { Route } from './+types/open-data';
import { useFieldValue } from '../lib/use-field-value.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const groups = await required(context, loadIndex(context), { failure: 'Não foi possível carregar os grupos de dados abertos. Tente novamente em instantes.' });
  return {
    groups: groups.map((g) => ({
      text: g.text,
      slug: g.slug,
      icon: g.icon,
      description: g.description,
      informational: g.informational,
      endpoints: g.servicos.map((s) => ({
        slug: s.slug,
        description: s.description,
        format: s.format,
        // The panel's entries are the portal's own addresses; the users log opens as a file (spec §2); the other entries open their viewer.
        href: !s.slug ? null : g.slug === PANEL_OPEN_DATA_GROUP ? s.url : g.informational ? downloadHref(s.slug, {}) : catalogPath(`/dados/${s.slug}`),
        opens: g.slug === PANEL_OPEN_DATA_GROUP ? ('address' as const) : g.informational ? ('new-tab' as const) : ('viewer' as const),
      })),
    })),
    filter: new URL(request.url).searchParams.get('filtro') ?? '',
    canonical: canonicalUrl(request),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return pageMeta({
    title: `${TITLE_PREFIX} - Dados Abertos`,
    description: 'Dados abertos do Governo do Piauí: despesas, servidores, receitas e licitações para consultar e baixar.',
    canonical: data?.canonical,
  });
}

export default function OpenData({ loaderData }: Route.ComponentProps) {
  const id = useId();
  const [filter, setFilter, field] = useFieldValue(loaderData.filter);
  // Spec §5: a case-insensitive substring of the group's title.
  const shown = loaderData.groups.filter((g) => matches(g.text, filter));
  return (
    <div className="container">
      <h1 className="page-title">Dados Abertos</h1>
      <section className={styles.intro} aria-labelledby="o-que-e">
        <h2 id="o-que-e">O que é esse serviço?</h2>
        <p>
          Os dados abertos do Governo do Piauí reúnem informações públicas sobre despesas, servidores, credores, licitações,
          receitas e outros temas. Qualquer pessoa pode consultar cada conjunto de dados nesta página, sem cadastro, e baixar o
          resultado em JSON, CSV ou XML para usar em planilhas, pesquisas e aplicativos.
        </p>
        <p>Abra um grupo para ver as consultas disponíveis e escolha uma delas para ver os dados.</p>
      </section>
      <Form method="get" className={styles.filter} role="search" aria-label="Filtrar grupos de dados" onSubmit={(e) => e.preventDefault()}>
        <div className={styles.filterField}>
          <label htmlFor={id}>Filtrar</label>
          <input ref={field} id={id} type="search" name="filtro" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Nome do grupo, por exemplo DESPESAS" />
        </div>
        <noscript>
          <button type="submit" className={styles.button}>
            Filtrar
          </button>
        </noscript>
      </Form>
      <h2 className="visually-hidden">Grupos de dados</h2>
      <p className="visually-hidden" role="status">
        {shown.length} {shown.length === 1 ? 'grupo' : 'grupos'}
      </p>
      {shown.length ? (
        <ul className={styles.groups}>
          {shown.map((group) => (
            <li key={group.slug || group.text}>
              <details className={styles.group} data-group={group.slug}>
                <summary>
                  <GroupIcon name={group.icon} size={24} className={styles.groupIcon} />
                  <h3>{group.text}</h3>
                  <ChevronDown size={20} aria-hidden="true" className={styles.chevron} />
                  <p>{group.description}</p>
                </summary>
                <ul className={styles.endpoints}>
                  {group.endpoints.map((endpoint, i) => (
                    <li key={endpoint.slug || i}>
                      {!endpoint.href ? (
                        <span className={styles.info}>{endpoint.description}</span>
                      ) : endpoint.opens === 'new-tab' ? (
                        <a href={endpoint.href} target="_blank" rel="noopener">
                          {endpoint.description}
                          <ExternalLink size={14} aria-hidden="true" />
                          <span className="visually-hidden"> (abre em nova aba)</span>
                        </a>
                      ) : endpoint.opens === 'address' ? (
                        <a href={endpoint.href}>{endpoint.description}</a>
                      ) : (
                        <Link to={endpoint.href}>{endpoint.description}</Link>
                      )}
                      {endpoint.format === 'csv' ? <span className={styles.tag}>CSV</span> : null}
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>{MESSAGES.noData}</p>
      )}
    </div>
  );
}
