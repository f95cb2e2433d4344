import type { SearchItem } from '@portal/contracts';
import { Link } from 'react-router';
import { stripHtml } from '../../lib/format.ts';
import { Icon } from '../icon/icon.tsx';
import styles from './service-card.module.css';

export type CardService = Pick<SearchItem, 'title' | 'slug' | 'description' | 'categorySlug' | 'icon' | 'isOnline' | 'departmentShortName' | 'accessProfile'>;

/** A service in a grid or carousel; the whole card is one link to its page inside the catalog. */
export function ServiceCard({ service, headingLevel = 3 }: { service: CardService; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={styles.card}>
      <div className={styles.top}>
        <span className={styles.icon}>
          <Icon name={service.icon} size={24} />
        </span>
        <span className={styles.channel} data-online={service.isOnline || undefined}>
          {service.isOnline ? 'Online' : 'Presencial'}
        </span>
      </div>
      <Heading className={styles.title}>
        <Link to={`/${service.categorySlug}/${service.slug}`} className={styles.link}>
          {service.title}
        </Link>
      </Heading>
      <p className={styles.description}>{stripHtml(service.description)}</p>
      {service.departmentShortName ? <p className={styles.department}>{service.departmentShortName}</p> : null}
    </article>
  );
}
