import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import styles from './pagination.module.css';

/**
 * Page links (no page-size changer). `pageIndex` is zero-based as the list computes it (offset = 10 × index);
 * people read and the address carries page numbers from 1.
 */
export function Pagination({ pageIndex, pageCount, hash, onNavigate }: { pageIndex: number; pageCount: number; hash?: string; onNavigate?: () => void }) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const href = (index: number) => {
    const params = new URLSearchParams(location.search);
    if (index === 0) params.delete('page');
    else params.set('page', String(index + 1));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ''}${hash ? `#${hash}` : ''}`;
  };
  const pages = visiblePages(pageIndex, pageCount);
  const common = { preventScrollReset: !!hash, onClick: onNavigate };
  return (
    <nav aria-label="Paginação" className={styles.nav}>
      <ul className={styles.list}>
        <li>
          {pageIndex > 0 ? (
            <Link to={href(pageIndex - 1)} className={styles.step} rel="prev" {...common}>
              <ChevronLeft size={18} aria-hidden="true" /> Anterior
            </Link>
          ) : null}
        </li>
        {pages.map((index, i) =>
          index == null ? (
            <li key={`gap-${i}`} aria-hidden="true" className={styles.gap}>
              …
            </li>
          ) : (
            <li key={index}>
              <Link
                to={href(index)}
                className={styles.page}
                aria-current={index === pageIndex ? 'page' : undefined}
                aria-label={`Página ${index + 1}`}
                {...common}
              >
                {index + 1}
              </Link>
            </li>
          ),
        )}
        <li>
          {pageIndex < pageCount - 1 ? (
            <Link to={href(pageIndex + 1)} className={styles.step} rel="next" {...common}>
              Próxima <ChevronRight size={18} aria-hidden="true" />
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}

/** First, last and the neighbours of the current page, with gaps between. */
export function visiblePages(current: number, count: number): (number | null)[] {
  const wanted = new Set([0, count - 1, current - 1, current, current + 1].filter((i) => i >= 0 && i < count));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((index, i) => {
    if (i > 0 && index - sorted[i - 1]! > 1) out.push(null);
    out.push(index);
  });
  return out;
}
