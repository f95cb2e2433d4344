import type { CardService } from '@portal/contracts';
import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router';
import { stripHtml } from '../../lib/format.ts';
import { catalogPath } from '../../lib/paths.ts';
import { Icon } from '../icon/icon.tsx';
import styles from './service-card.module.css';

/** Something the app adds to every card (the logged-in citizen's favourite star), after its channel tag. */
export const ServiceCardActionContext = createContext<((service: CardService) => ReactNode) | null>(null);

/**
 * A service in a grid or carousel; the whole card is one link to its page inside the catalog, or to
 * `href` when given (recommendations, spec §7: absolute links open by full navigation).
 */
export function ServiceCard({ service, headingLevel = 3, href }: { service: CardService; headingLevel?: 2 | 3; href?: string }) {
  const Heading = `h${headingLevel}` as const;
  const action = useContext(ServiceCardActionContext);
  return (
    <article className={styles.card}>
      <div className={styles.top}>
        <span className={styles.icon}>
          <Icon name={service.icon} size={24} />
        </span>
        <span className={styles.channel} data-online={service.isOnline || undefined}>
          {service.isOnline ? 'Online' : 'Presencial'}
        </span>
        {action?.(service)}
      </div>
      <Heading className={styles.title}>
        {href && /^https?:\/\//i.test(href) ? (
          <a href={href} className={styles.link}>
            {service.title}
          </a>
        ) : (
          <Link to={href ?? catalogPath(`/${service.categorySlug}/${service.slug}`)} className={styles.link}>
            {service.title}
          </Link>
        )}
      </Heading>
      <p className={styles.description}>{stripHtml(service.description)}</p>
      {service.departmentShortName ? <p className={styles.department}>{service.departmentShortName}</p> : null}
    </article>
  );
}
