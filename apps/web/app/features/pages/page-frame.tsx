import type { ReactNode } from 'react';
import styles from './pages.module.css';
import { Breadcrumb } from '../../components/breadcrumb/breadcrumb.tsx';

/** A portal page outside the catalog: breadcrumb, one h1, the content. */
export function PageFrame({ title, homeHref, intro, children }: { title: string; homeHref: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumb trail={[{ to: homeHref, label: 'Início' }]} current={title} />
      <h1 className="page-title">{title}</h1>
      {intro ? <div className={styles.intro}>{intro}</div> : null}
      {children}
    </div>
  );
}

export function PageSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** Meta of a personal page: its title, and kept out of search engines. */
export const personalMeta = (title: string) => [{ title: `Governo do Piauí - ${title}` }, { name: 'robots', content: 'noindex' }];
