import type { CategoryNode, DepartmentSummary } from '@portal/contracts';
import { SlidersHorizontal, X } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Form, Link } from 'react-router';
import { useNonce } from '../../lib/use-nonce.ts';
import { Icon } from '../../components/icon/icon.tsx';
import { matches } from '../../lib/format.ts';
import { catalogPath } from '../../lib/paths.ts';
import { categoryTarget, clearCategoryTarget, clearKeywordTarget, departmentTarget, searchTarget } from './list-navigation.ts';
import styles from './catalog-list.module.css';
import { useNavigate } from 'react-router';
import { useFieldValue } from '../../lib/use-field-value.ts';

/** Where the list's filters fold above the results (catalog-list.module.css has the same width). */
const PHONE_LAYOUT = '(max-width: 991px)';
/**
 * Opens the fold on a wide screen while the page is still being read, before its first paint: the page
 * arrives folded, so a phone never sees the filters jump shut (layout shift), and a desktop never sees them fold.
 */
const OPEN_ON_WIDE = `(function(d){if(d&&!matchMedia('${PHONE_LAYOUT}').matches)d.open=true})(document.currentScript.previousElementSibling)`;

export interface ListSidebarProps {
  query: string;
  category: CategoryNode | null;
  /** the category as the address has it (an alias stays an alias) */
  categorySlug: string | null;
  categories: CategoryNode[];
  departments: DepartmentSummary[];
  departmentSlug: string | null;
  categoryFilter: string;
}

export function ListSidebar({ query, category, categorySlug, categories, departments, departmentSlug, categoryFilter }: ListSidebarProps) {
  const keywordId = useId();
  const filterId = useId();
  const navigate = useNavigate();
  const [text, setText, keywordField] = useFieldValue(query);
  const [filter, setFilter, filterField] = useFieldValue(categoryFilter);
  // Another list (words, category, department) puts its own values in the boxes, adjusted while rendering: the
  // sidebar stays the same elements, so a citizen who filtered with the keyboard keeps the focus where it was.
  const list = `${categorySlug}|${query}|${departmentSlug}`;
  const [shownList, setShownList] = useState(list);
  if (shownList !== list) {
    setShownList(list);
    setText(query);
    setFilter(categoryFilter);
  }
  const shown = categories.filter((c) => matches(c.name, filter));
  // On a phone the filters come before the results, folded (issue 12): a citizen opens them or scrolls past
  // one line. On a wide screen there is nothing to fold: OPEN_ON_WIDE opens it, and the summary is hidden.
  const nonce = useNonce();
  const details = useRef<HTMLDetailsElement>(null);
  // Before paint, for a fold the browser draws itself (a navigation without a new page: no inline script runs),
  // and again whenever the screen turns wide.
  useLayoutEffect(() => {
    const phone = window.matchMedia(PHONE_LAYOUT);
    const widen = () => {
      if (details.current && !phone.matches) details.current.open = true;
    };
    widen();
    phone.addEventListener('change', widen);
    return () => phone.removeEventListener('change', widen);
  }, []);
  const active = [query && `“${query}”`, category?.name, departments.find((d) => d.slug === departmentSlug)?.shortName].filter(Boolean).join(' · ');

  return (
    <>
      <details ref={details} className={styles.filters}>
        <summary className={styles.filtersSummary}>
          <SlidersHorizontal size={18} aria-hidden="true" />
          <span>Filtrar a lista</span>
          {active ? <span className={styles.filtersActive}>{active}</span> : null}
        </summary>
        <aside className={styles.sidebar} aria-label="Filtros da lista">
          <section className={styles.box}>
            <h2 className={styles.boxTitle}>Filtro</h2>
            <Form
              method="get"
              action={catalogPath('/buscar')}
              role="search"
              aria-label="Filtrar por palavra-chave"
              onSubmit={(event) => {
                event.preventDefault();
                const target = searchTarget(text, categorySlug);
                if (target) navigate(catalogPath(target));
              }}
            >
              <label htmlFor={keywordId} className="visually-hidden">
                Palavra-chave
              </label>
              <div className={styles.keyword}>
                <input
                  ref={keywordField}
                  id={keywordId}
                  type="search"
                  name="q"
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  placeholder="Palavra-chave"
                  maxLength={200}
                  // An empty keyword does nothing (spec §4), refused by the browser before any script.
                  required
                  pattern=".*\S.*"
                  title="Digite uma palavra-chave."
                />
                {categorySlug ? <input type="hidden" name="categoria" value={categorySlug} /> : null}
                {query ? (
                  <Link to={catalogPath(clearKeywordTarget(categorySlug))} className={styles.clear} aria-label="Limpar palavra-chave" onClick={() => setText('')}>
                    <X size={18} aria-hidden="true" />
                  </Link>
                ) : null}
                <button type="submit" className={styles.apply}>
                  Buscar
                </button>
              </div>
            </Form>
          </section>

          <section className={styles.box}>
            <h2 className={styles.boxTitle}>Por Categoria</h2>
            {category ? (
              <p className={styles.chip}>
                <Icon name={category.icon} size={16} />
                <span>{category.name}</span>
                <Link to={catalogPath(clearCategoryTarget(query))} aria-label={`Remover a categoria ${category.name}`} className={styles.chipClear}>
                  <X size={16} aria-hidden="true" />
                </Link>
              </p>
            ) : (
              <Form method="get" className={styles.filter} onSubmit={(e) => e.preventDefault()}>
                <label htmlFor={filterId} className="visually-hidden">
                  Filtrar categorias
                </label>
                <input ref={filterField} id={filterId} type="search" name="filtroCategoria" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Filtrar categorias" />
                <noscript>
                  <button type="submit">Filtrar</button>
                </noscript>
              </Form>
            )}
            <ul className={styles.categoryList}>
              {shown.map((c) => (
                <li key={c.slug}>
                  <Link to={catalogPath(categoryTarget(c.slug))} aria-current={c.slug === category?.slug ? 'page' : undefined}>
                    <Icon name={c.icon} size={18} />
                    <span>{c.name}</span>
                  </Link>
                </li>
              ))}
              {!shown.length ? <li className={styles.muted}>Nenhuma categoria encontrada</li> : null}
            </ul>
          </section>

          <section className={styles.box}>
            <h2 className={styles.boxTitle}>Por Órgão</h2>
            <ul className={styles.departmentList}>
              {departments.map((d) => (
                <li key={d.slug}>
                  <Link to={catalogPath(departmentTarget(d.slug))} aria-current={d.slug === departmentSlug ? 'page' : undefined} title={d.name}>
                    {d.shortName}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </aside>
      </details>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: OPEN_ON_WIDE }} />
    </>
  );
}
