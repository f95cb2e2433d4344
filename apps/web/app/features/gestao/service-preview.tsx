import type { CatalogItem } from '@portal/contracts';
import { ServiceAccess } from '../catalog/service-access.tsx';
import { AboutSection, DocumentsSection, InfoSection, SidebarCards, StepsSection, TagsSection } from '../catalog/service-sections.tsx';
import serviceStyles from '../catalog/service.module.css';
import { UnitsCard } from '../catalog/units-card.tsx';
import styles from './gestao.module.css';

/** A change as citizens will read it once published: the public page's own parts (the staff preview, the expert's link). */
export function ServicePreviewBody({ item }: { item: CatalogItem }) {
  return (
    <div className={`${serviceStyles.layout} ${styles.preview}`} data-testid="service-preview">
      <article className={serviceStyles.main}>
        <div className={serviceStyles.actions}>
          <ServiceAccess service={item} />
        </div>
        <AboutSection service={item} />
        <StepsSection steps={item.steps} />
        <DocumentsSection steps={item.steps} />
        <InfoSection info={item.info} />
        <TagsSection tags={item.tags} />
      </article>
      <aside className={serviceStyles.sidebar} aria-label="Sobre o atendimento">
        <SidebarCards service={item} />
        <UnitsCard units={item.departmentSections} initialFilter="" />
      </aside>
    </div>
  );
}
