import type { SearchRequest } from '@portal/contracts';
import { data } from 'react-router';
import { Pagination } from '../components/pagination/pagination.tsx';
import { ServiceCard } from '../components/service-card/service-card.tsx';
import { findCategory, flattenCategories } from '../features/catalog/categories.ts';
import styles from '../features/catalog/catalog-list.module.css';
import { ListSidebar } from '../features/catalog/list-sidebar.tsx';
import { listSource, PAGE_SIZE, pageIndexFrom, TARGETED_TOTAL } from '../features/catalog/list-navigation.ts';
import { api, optional, required } from '../lib/api.server.ts';
import { matches } from '../lib/format.ts';
import { canonicalUrl, pageMeta, TITLE_PREFIX } from '../lib/seo.ts';
import type { Route } from './+types/catalog-list';

const DEFAULT_DESCRIPTION = 'Encontre os serviços do Governo do Piauí: busque por palavra-chave, categoria ou órgão e veja como ser atendido.';

/** One page for /list, /list/{category}, /list/{category}/{query}, /list/orgao/{orgao} and /search/{query}. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const p = params as { query?: string; category?: string; orgao?: string };
  const query = (p.query ?? '').trim();
  const categorySlug = p.category ?? null;
  const departmentSlug = p.orgao ?? null;
  const pageIndex = pageIndexFrom(url.searchParams);
  const source = listSource(categorySlug, query);

  const [categoryTree, departments] = await Promise.all([
    optional(context, 'categories', api.categories(context), []),
    optional(context, 'departments', api.departments(context), []),
  ]);
  const categories = flattenCategories(categoryTree);
  const category = source === 'search' ? findCategory(categories, categorySlug) ?? null : null;

  let body: SearchRequest;
  if (source === 'targeted') body = { targets: ['cidadao'], from: 0, size: TARGETED_TOTAL };
  else if (source === 'highlighted') body = { highlighted: true, from: pageIndex * PAGE_SIZE, size: PAGE_SIZE };
  else
    body = {
      query: query || undefined,
      category: categorySlug ?? undefined,
      departmentSlug: departmentSlug ?? undefined,
      from: pageIndex * PAGE_SIZE,
      size: PAGE_SIZE,
    };

  const items = await required(context, api.search(context, body), {
    notFound: categorySlug ? 'Esta categoria não existe. Veja a lista de categorias de serviços.' : 'Este órgão não existe. Veja a lista de órgãos do governo.',
  });
  // The 'Cidadão' list is one fixed page (spec §4).
  const total = source === 'targeted' ? Math.min(TARGETED_TOTAL, items.length) : (items[0]?.resultTotal ?? 0);
  const pageCount = source === 'targeted' ? 1 : Math.max(1, Math.ceil(total / PAGE_SIZE));
  const department = departmentSlug ? departments.find((d) => d.slug === departmentSlug) ?? null : null;

  let heading = 'Lista de Serviços';
  if (source === 'highlighted') heading = categorySlug === 'mais-acessados' || query === 'mais-acessados' ? 'Mais acessados' : 'Acesso rápido';
  else if (source === 'targeted') heading = 'Serviços ao Cidadão';
  else if (category && query) heading = `${category.name}: resultados para “${query}”`;
  else if (category) heading = category.name;
  else if (department) heading = `Serviços do órgão ${department.shortName}`;
  else if (query) heading = `Resultados para “${query}”`;

  const categoryFilter = url.searchParams.get('filtroCategoria') ?? '';
  return data({
    items,
    total,
    pageIndex,
    pageCount,
    query: source === 'search' ? query : '',
    heading,
    categorySlug: source === 'search' ? categorySlug : null,
    category,
    categories: categories.filter((c) => !categoryFilter || matches(c.name, categoryFilter)),
    allCategoryNames: categories.map((c) => c.name),
    categoryFilter,
    departments: departments.filter((d) => d.active && !d.hidden),
    departmentSlug,
    title: `${TITLE_PREFIX} - ${category?.name ?? 'Lista de Serviços'}`,
    description: category?.description || department?.description || DEFAULT_DESCRIPTION,
    canonical: canonicalUrl(request, ['page']),
  });
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: `${TITLE_PREFIX} - Lista de Serviços` }];
  return pageMeta({ title: data.title, description: data.description, canonical: data.canonical, keywords: data.allCategoryNames });
}

export default function CatalogList({ loaderData }: Route.ComponentProps) {
  const { items, total, pageIndex, pageCount, heading, query, category, categorySlug, categories, categoryFilter, departments, departmentSlug } = loaderData;
  const start = pageIndex * PAGE_SIZE + 1;
  return (
    <div className={`container ${styles.layout}`}>
      <h1 className={`page-title ${styles.title}`}>{heading}</h1>
      <ListSidebar
        key={`${categorySlug}|${query}|${departmentSlug}`}
        query={query}
        category={category}
        categorySlug={categorySlug}
        categories={categories}
        departments={departments}
        departmentSlug={departmentSlug}
        categoryFilter={categoryFilter}
      />
      <section className={styles.results} aria-labelledby="resultados">
        <h2 id="resultados" className={styles.count}>
          {items.length
            ? `${total} ${total === 1 ? 'serviço encontrado' : 'serviços encontrados'}${pageCount > 1 ? ` · página ${pageIndex + 1} de ${pageCount}` : ''}`
            : 'Nenhum serviço encontrado'}
        </h2>
        {items.length ? (
          <ol className={styles.grid} start={start}>
            {items.map((item) => (
              <li key={item.slug}>
                <ServiceCard service={item} />
              </li>
            ))}
          </ol>
        ) : (
          <p className={styles.empty}>Tente outra palavra-chave, escolha outra categoria ou veja todos os serviços.</p>
        )}
        <Pagination pageIndex={pageIndex} pageCount={pageCount} />
      </section>
    </div>
  );
}
