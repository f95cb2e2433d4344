import type { CatalogItem, SearchItem } from '@portal/contracts';
import { Archive } from 'lucide-react';
import { Link } from 'react-router';
import { ServiceCard } from '../../components/service-card/service-card.tsx';
import { catalogPath, servicePath } from '../../lib/paths.ts';
import styles from './service.module.css';

/**
 * A service that is no longer offered, opened by an old link or bookmark (issue 13, decision 017): it says
 * so first, why, and where to go instead; none of its old steps, which would send the citizen to a counter
 * that no longer does it.
 */
export function DiscontinuedService({ service, related }: { service: CatalogItem; related: SearchItem[] }) {
  return (
    <article className={styles.main} data-testid="service-discontinued">
      <header className={styles.head}>
        <h1 className={styles.title}>{service.title}</h1>
        <div className={styles.discontinued} role="note" aria-labelledby="descontinuado">
          <Archive size={24} aria-hidden="true" />
          <div>
            <h2 id="descontinuado">Este serviço foi descontinuado</h2>
            <p>{service.discontinuedReason || `O órgão responsável (${service.department.shortName}) deixou de oferecer este serviço.`}</p>
            {service.replacedBy ? (
              <p>
                Em seu lugar, use: <Link to={servicePath(service.replacedBy)}>{service.replacedBy.title}</Link>
              </p>
            ) : null}
          </div>
        </div>
      </header>
      <section className={styles.section} aria-labelledby="relacionados">
        <h2 id="relacionados">Serviços relacionados em atividade</h2>
        {related.length ? (
          <ul className={styles.related}>
            {related.map((item) => (
              <li key={item.slug}>
                <ServiceCard service={item} />
              </li>
            ))}
          </ul>
        ) : null}
        <p>
          <Link to={catalogPath(`/list/${service.category.slug}`)}>Ver todos os serviços de {service.category.name}</Link>
        </p>
      </section>
    </article>
  );
}
