import type { BestBet, CardService, SearchItem, SearchRequest } from '@portal/contracts';
import { Fragment } from 'react';
import { data, Link, redirect } from 'react-router';
import { Pagination } from '../components/pagination/pagination.tsx';
import { ServiceCard } from '../components/service-card/service-card.tsx';
import { BestBetCard } from '../features/catalog/best-bet-card.tsx';
import { findCategory, flattenCategories } from '../features/catalog/categories.ts';
import styles from '../features/catalog/catalog-list.module.css';
import { ListSidebar } from '../features/catalog/list-sidebar.tsx';
import { categoryTarget, lastPageHref, listSource, PAGE_SIZE, pageIndexFrom, searchTarget, TARGETED_TOTAL } from '../features/catalog/list-navigation.ts';
import { api, optional, required } from '../lib/api.server.ts';
import { matches } from '../lib/format.ts';
import { catalogPath, servicePath } from '../lib/paths.ts';
import { canonicalUrl, pageMeta, TITLE_PREFIX } from '../lib/seo.ts';
import type { Route } from './+types/catalog-list';
import { keepDataAfterFailedAction } from '../lib/revalidation.ts';
import { pageError } from '../lib/page-error.ts';

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

  // What the search made of the words: nothing to search for ('😀'), or a corrected spelling to offer.
  const spelling = source === 'search' && query ? await optional(context, 'search spelling', api.suggestions(context, query), null) : null;
  const searchable = spelling?.searchable ?? true;
  const [items, bestBets] = await Promise.all([
    !searchable ? [] : required(context, api.search(context, body)),
    // Who provides it when the state does not (issue 25): with the first page of a search by words.
    source === 'search' && query && searchable && pageIndex === 0 ? optional(context, 'best bets', api.bestBets(context, query), []) : Promise.resolve([] as BestBet[]),
  ]);
  // The API answers a category or department that does not exist with an empty list (as the state's app
  // expects); the page says it does not exist when its own lists (loaded above) do not have it either.
  if (!items.length && source === 'search') {
    if (categorySlug && categoryTree.length && !findCategory(flattenCategories(categoryTree, { hidden: true }), categorySlug)) {
      throw pageError(404, 'Esta categoria não existe. Veja a lista de categorias de serviços.');
    }
    if (departmentSlug && departments.length && !departments.some((d) => d.slug === departmentSlug)) {
      throw pageError(404, 'Este órgão não existe. Veja a lista de órgãos do governo.');
    }
  }
  // Past the last page: the same list's last page, whose total a one-item search tells.
  if (!items.length && pageIndex > 0 && source !== 'targeted') {
    const first = await required(context, api.search(context, { ...body, from: 0, size: 1 }));
    const target = lastPageHref(url, pageIndex, first[0]?.resultTotal ?? 0);
    if (target) throw redirect(target);
  }
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

  // A search that found nothing offers a way on: the most accessed services (the whole catalog's, active ones).
  const mostAccessed =
    source === 'search' && query && !items.length
      ? (await optional(context, 'most accessed', api.search(context, { top_hit: 12 }), [])).filter((item) => item.active).slice(0, 6).map(({ slug, title, categorySlug }) => ({ slug, title, categorySlug }))
      : [];

  const categoryFilter = url.searchParams.get('filtroCategoria') ?? '';
  return data({
    searchable,
    bestBets,
    correction: spelling?.correction ?? null,
    mostAccessed,
    topCategories: categoryTree.map((c) => ({ slug: c.slug, name: c.name })),
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

export const shouldRevalidate = keepDataAfterFailedAction;

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: `${TITLE_PREFIX} - Lista de Serviços` }];
  return pageMeta({ title: data.title, description: data.description, canonical: data.canonical, keywords: data.allCategoryNames });
}

export default function CatalogList({ loaderData }: Route.ComponentProps) {
  const { items, total, pageIndex, pageCount, heading, query, category, categorySlug, categories, categoryFilter, departments, departmentSlug, searchable, correction, mostAccessed, topCategories, bestBets } =
    loaderData;
  const start = pageIndex * PAGE_SIZE + 1;
  // A search by words says which results answer it (issue 25): none on its first page, and the state has no service for it.
  const answering = items.filter((item) => item.answers !== false);
  const others = items.filter((item) => item.answers === false);
  const unanswered = !!query && searchable && pageIndex === 0 && !answering.length;
  return (
    <div className={`container ${styles.layout}`}>
      <h1 className={`page-title ${styles.title}`}>{heading}</h1>
      {/* The sidebar's filters are many links: the keyboard can go straight to what was found (issue 24). */}
      <a href="#resultados" className={`skip-link ${styles.title}`}>
        Ir para os resultados
      </a>
      <ListSidebar
        query={query}
        category={category}
        categorySlug={categorySlug}
        categories={categories}
        departments={departments}
        departmentSlug={departmentSlug}
        categoryFilter={categoryFilter}
      />
      <section className={styles.results} aria-labelledby="resultados">
        {correction ? <DidYouMean query={query} correction={correction} categorySlug={categorySlug} /> : null}
        <h2 id="resultados" className={styles.count} tabIndex={-1}>
          {unanswered
            ? `Não encontramos um serviço do Governo do Piauí para “${query}”`
            : items.length
              ? `${total} ${total === 1 ? 'serviço encontrado' : 'serviços encontrados'}${pageCount > 1 ? ` · página ${pageIndex + 1} de ${pageCount}` : ''}`
              : 'Nenhum serviço encontrado'}
        </h2>
        {bestBets.map((bet) => (
          <BestBetCard key={bet.id} bet={bet} />
        ))}
        {answering.length ? (
          <ol className={styles.grid} start={start}>
            {answering.map((item) => (
              <li key={item.slug}>
                <ServiceCard service={item} />
              </li>
            ))}
          </ol>
        ) : null}
        {others.length ? <OtherThings items={others} answered={answering.length > 0} /> : null}
        {items.length ? null : !searchable ? (
          <p className={styles.empty}>
            A busca “{query}” não tem letras nem números. Escreva o nome do serviço ou uma palavra sobre ele, como “identidade”, “IPVA” ou
            “matrícula”.
          </p>
        ) : query ? (
          <NoResults mostAccessed={mostAccessed} categories={topCategories} />
        ) : (
          <p className={styles.empty}>Tente outra palavra-chave, escolha outra categoria ou veja todos os serviços.</p>
        )}
        <Pagination pageIndex={pageIndex} pageCount={pageCount} />
      </section>
    </div>
  );
}

/** Results that only share words with the search (issue 25): listed under a heading that says they are other things. */
function OtherThings({ items, answered }: { items: SearchItem[]; answered: boolean }) {
  return (
    <section className={styles.otherThings} aria-labelledby="outros-servicos">
      <h3 id="outros-servicos">{answered ? 'Outros serviços com palavras parecidas' : 'Serviços do Governo do Piauí com palavras parecidas, mas que tratam de outros assuntos'}</h3>
      <p>Eles não são o que você buscou: têm apenas algumas palavras em comum com a sua busca.</p>
      <ul className={styles.grid}>
        {items.map((item) => (
          <li key={item.slug}>
            <ServiceCard service={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 'Você quis dizer …?': the corrected text, its changed words in bold, as a link that searches it. */
function DidYouMean({ query, correction, categorySlug }: { query: string; correction: string; categorySlug: string | null }) {
  const typed = query.toLowerCase().split(/\s+/);
  const words = correction.split(' ');
  const href = catalogPath(searchTarget(correction, categorySlug)!);
  return (
    <p className={styles.didYouMean}>
      Você quis dizer{' '}
      <Link to={href}>
        {words.map((word, i) => (
          <Fragment key={i}>
            {i ? ' ' : ''}
            {words.length === typed.length && word === typed[i] ? word : <strong>{word}</strong>}
          </Fragment>
        ))}
      </Link>
      ?
    </p>
  );
}

/** A search that found nothing helps: other words, the most accessed services, the categories, and Simplifique. */
function NoResults({ mostAccessed, categories }: { mostAccessed: Pick<CardService, 'slug' | 'title' | 'categorySlug'>[]; categories: { slug: string; name: string }[] }) {
  return (
    <div className={styles.noResults}>
      <p>Confira se as palavras estão escritas corretamente, use menos palavras ou um termo mais geral, como “carteira” em vez de “carteira de identidade digital”.</p>
      {mostAccessed.length ? (
        <section aria-labelledby="mais-acessados">
          <h3 id="mais-acessados">Serviços mais acessados</h3>
          <ul>
            {mostAccessed.map((service) => (
              <li key={service.slug}>
                <Link to={servicePath(service)}>{service.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {categories.length ? (
        <section aria-labelledby="categorias">
          <h3 id="categorias">Procure por categoria</h3>
          <ul className={styles.categoryLinks}>
            {categories.map((category) => (
              <li key={category.slug}>
                <Link to={catalogPath(categoryTarget(category.slug))}>{category.name}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        Não encontrou o serviço de que precisa? <a href="/app/app-simplifique">Conte ao governo pelo Simplifique</a>.
      </p>
    </div>
  );
}
