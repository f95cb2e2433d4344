import type { CardService, SearchItem } from '@portal/contracts';
import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router';
import { stripHtml } from '../../lib/format.ts';
import { servicePath } from '../../lib/paths.ts';
import { Icon } from '../icon/icon.tsx';
import styles from './service-card.module.css';

/** Something the app adds to every card (the logged-in citizen's favourite star), after its channel tag. */
export const ServiceCardActionContext = createContext<((service: CardService) => ReactNode) | null>(null);

/**
 * A service in a grid or carousel; the whole card is one link to its page inside the catalog, or to
 * `href` when given (recommendations, spec §7: absolute links open by full navigation).
 */
/** Who a service is for, as the audience categories name them. */
const TARGET_LABEL: Record<string, string> = { cidadao: 'Cidadão', servidor: 'Servidor', empresa: 'Empresas' };
const levelLabel = (level: string) => level.charAt(0).toUpperCase() + level.slice(1).toLowerCase();

/** What a department's list adds to each card (spec §2: image, targets and access profile). */
export type CardDetails = Pick<SearchItem, 'imageUrl' | 'targets' | 'accessProfile'>;

export function ServiceCard({
  service,
  headingLevel = 3,
  href,
  details,
}: {
  service: CardService;
  headingLevel?: 2 | 3;
  href?: string;
  details?: CardDetails;
}) {
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
          <Link to={href ?? servicePath(service)} className={styles.link}>
            {service.title}
          </Link>
        )}
      </Heading>
      <p className={styles.description}>{stripHtml(service.description)}</p>
      {details ? (
        <>
          {details.imageUrl ? <img src={details.imageUrl} alt="" className={styles.image} loading="lazy" decoding="async" /> : null}
          <dl className={styles.details}>
            {details.targets.length ? (
              <div>
                <dt>Público</dt>
                <dd>{details.targets.map((t) => TARGET_LABEL[t] ?? t).join(', ')}</dd>
              </div>
            ) : null}
            {details.accessProfile ? (
              <div>
                <dt>Perfil de acesso</dt>
                <dd>{levelLabel(details.accessProfile)}</dd>
              </div>
            ) : null}
          </dl>
        </>
      ) : null}
      {service.departmentShortName ? <p className={styles.department}>{service.departmentShortName}</p> : null}
    </article>
  );
}
