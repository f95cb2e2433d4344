// The home's logged-in widgets (spec §1), in the order of the home's second description: the
// citizen's widgets, 'Seus favoritos', then the relevant (recommended) services.
import { Carousel } from '../components/carousel/carousel.tsx';
import { ServiceCard } from '../components/service-card/service-card.tsx';
import { CnhCard } from '../features/cnh/cnh-card.tsx';
import { PayslipsWidget } from '../features/payslips/payslips-widget.tsx';
import styles from '../features/pages/pages.module.css';
import type { PersonalHome } from './personal-data.server.ts';

export function PersonalHomeSections({ personal }: { personal: PersonalHome }) {
  const { favorites, payslips, cnh, recommendations, now } = personal;
  return (
    <>
      {payslips.length || cnh ? (
        <div className={styles.cards} data-testid="personal-widgets">
          {payslips.length ? <PayslipsWidget payslips={payslips} /> : null}
          {cnh ? <CnhCard cnh={cnh} now={now} /> : null}
        </div>
      ) : null}
      {/* Only with favourites (spec §1). */}
      <Carousel title="Seus favoritos" items={favorites} itemKey={(s) => s.slug} renderItem={(s) => <ServiceCard service={s} />} />
      <div data-testid="recommendations" data-source={recommendations.source}>
        <Carousel
          title={recommendations.source === 'personal' ? 'Recomendados para você' : 'Serviços em destaque'}
          items={recommendations.items}
          itemKey={(s) => s.slug}
          renderItem={(s) => <ServiceCard service={s} href={s.href} />}
        />
      </div>
    </>
  );
}
