import type { CatalogItem } from '@portal/contracts';
import { CalendarCheck, ExternalLink, FileDown, MapPin, MonitorSmartphone, Send } from 'lucide-react';
import { serviceLinkMode } from '../../lib/links.ts';
import { catalogPath } from '../../lib/paths.ts';
import { bookingPath } from '../appointments/paths.ts';
import styles from './service.module.css';

/**
 * 'Acessar Serviço Digital' following spec §5: with data rows, a form POST of those fields to the link;
 * a portal link (/app/) by full navigation in the same tab; any other link in a new tab.
 */
export function ServiceAccess({ service }: { service: Pick<CatalogItem, 'link' | 'catalogDataRow' | 'title' | 'requestable' | 'bookable' | 'slug' | 'category'> }) {
  // A service done at a unit by appointment (issue 29): 'Agendar atendimento' first.
  if (service.bookable) {
    return (
      <>
        <a href={bookingPath(service.slug)} className={styles.primaryButton} data-testid="service-book">
          <CalendarCheck size={20} aria-hidden="true" /> Agendar atendimento<span className="visually-hidden"> de {service.title}</span>
        </a>
        {service.requestable ? (
          <a href={catalogPath(`/${service.category.slug}/${service.slug}/solicitar`)} className={styles.secondaryButton} data-testid="service-request">
            <Send size={20} aria-hidden="true" /> Solicitar<span className="visually-hidden"> {service.title}</span>
          </a>
        ) : null}
        <DigitalChannel service={service} primary={false} />
      </>
    );
  }
  // A service requested in the portal (issue 27): 'Solicitar' first; the department's own channel, if any, after it.
  if (service.requestable) {
    return (
      <>
        <a href={catalogPath(`/${service.category.slug}/${service.slug}/solicitar`)} className={styles.primaryButton} data-testid="service-request">
          <Send size={20} aria-hidden="true" /> Solicitar<span className="visually-hidden"> {service.title}</span>
        </a>
        <DigitalChannel service={service} primary={false} />
      </>
    );
  }
  return <DigitalChannel service={service} primary />;
}

function DigitalChannel({ service, primary }: { service: Pick<CatalogItem, 'link' | 'catalogDataRow' | 'title'>; primary: boolean }) {
  const mode = serviceLinkMode(service.link, service.catalogDataRow);
  const button = primary ? styles.primaryButton : styles.secondaryButton;
  if (mode === 'none' && !primary) return null;
  // Not a button that does nothing: a note that says where the service happens (issue 12).
  if (mode === 'none')
    return (
      <p className={styles.presencial}>
        <MapPin size={20} aria-hidden="true" />
        <span>
          <strong>Serviço realizado presencialmente</strong>
          <span className={styles.presencialHint}>Veja abaixo as etapas e os locais de atendimento.</span>
        </span>
      </p>
    );
  const label = (
    <>
      <MonitorSmartphone size={20} aria-hidden="true" /> Acessar Serviço Digital
    </>
  );
  if (mode === 'form-post') {
    return (
      <form method="post" action={service.link} target="_blank" className={styles.accessForm} data-testid="service-access-form">
        {service.catalogDataRow.map((row) => (
          <input key={row.id} type="hidden" name={row.name} value={row.value} />
        ))}
        <button type="submit" className={button}>
          {label}
          <span className="visually-hidden"> (abre em nova aba)</span>
        </button>
      </form>
    );
  }
  if (mode === 'portal') {
    return (
      <a href={service.link} className={button} data-testid="service-access">
        {label}
      </a>
    );
  }
  return (
    <a href={service.link} target="_blank" rel="noopener noreferrer" className={button} data-testid="service-access">
      {label}
      <ExternalLink size={16} aria-hidden="true" />
      <span className="visually-hidden"> (abre em nova aba)</span>
    </a>
  );
}

export function PdfButton({ slug }: { slug: string }) {
  return (
    <a href={`/v1/catalog/${slug}/pdf`} target="_blank" rel="noopener" className={styles.secondaryButton}>
      <FileDown size={20} aria-hidden="true" /> Baixar PDF
      <span className="visually-hidden"> (abre em nova janela)</span>
    </a>
  );
}
