import { Carousel } from '../components/carousel/carousel.tsx';
import { cardService } from '../components/service-card/card-service.ts';
import { ServiceCard } from '../components/service-card/service-card.tsx';
import { BANNER_SCRIPT, BANNERS } from '../features/home/banners.ts';
import { AudienceCards, CategoryBanner, HomeBanner, IndicatorsSection, OmbudsmanSection, type Indicators } from '../features/home/home-sections.tsx';
import { AppPromotion, SocialSection } from '../features/home/outreach-sections.tsx';
import { api, optional } from '../lib/api.server.ts';
import { canonicalUrl, pageMeta } from '../lib/seo.ts';
import { catalogPath } from '../lib/paths.ts';
import { loadPersonalHome } from './personal-data.server.ts';
import { PersonalHomeSections } from './personal-home.tsx';
import type { Route } from './+types/home';
import type { RouteHandle } from '../root.tsx';
import { keepDataAfterFailedAction } from '../lib/revalidation.ts';

/** Cards in each carousel of the home. */
const CAROUSEL_SIZE = 12;

export async function loader({ request, context }: Route.LoaderArgs) {
  const [personal, categories, quickAccess, mostAccessed, availableServices, digitalServices, citizensRegistered] = await Promise.all([
    // The logged-in citizen's widgets (null when anonymous).
    loadPersonalHome(context),
    optional(context, 'categories', api.categories(context), []),
    optional(context, 'quick access', api.search(context, { highlighted: true, size: CAROUSEL_SIZE }), []),
    optional(context, 'most accessed', api.search(context, { top_hit: 10 }), []),
    optional(context, 'indicator: available services', api.indicator(context, 87, 76), null),
    optional(context, 'indicator: digital services', api.indicator(context, 88, 77), null),
    optional(context, 'indicator: citizens registered', api.indicator(context, 89, 78), null),
  ]);
  const indicators: Indicators = { availableServices, digitalServices, citizensRegistered };
  return {
    // The banner shown without scripts; with them, the page draws its own (BANNER_SCRIPT).
    banner: Math.floor(Math.random() * BANNERS.length),
    categories: categories.filter((c) => !c.hidden),
    quickAccess: quickAccess.map(cardService),
    // Most accessed also lists services no longer offered; anonymous visitors see the active ones (spec §7).
    mostAccessed: mostAccessed.filter((s) => s.active).map(cardService),
    indicators,
    canonical: canonicalUrl(request),
    personal,
  };
}

export const shouldRevalidate = keepDataAfterFailedAction;

// The banner is drawn for each visit before the first paint (features/home/home-sections.tsx).
export const handle: RouteHandle = { headScript: BANNER_SCRIPT };

export function meta({ data }: Route.MetaArgs) {
  return pageMeta({
    title: 'Governo do Piauí - Portal de Serviços',
    description: 'Portal de Serviços do Governo do Piauí: encontre, acesse e avalie os serviços públicos do Estado em um só lugar.',
    canonical: data?.canonical,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { banner, categories, quickAccess, mostAccessed, indicators, personal } = loaderData;
  return (
    <>
      <HomeBanner index={banner} />
      <div className="container">
        <CategoryBanner categories={categories} />
        <AudienceCards />
        {personal ? <PersonalHomeSections personal={personal} /> : null}
        <Carousel title="Acesso rápido" items={quickAccess} itemKey={(s) => s.slug} renderItem={(s) => <ServiceCard service={s} />} moreHref={catalogPath('/search/acesso-rapido')} />
        <Carousel title="Mais acessados" items={mostAccessed} itemKey={(s) => s.slug} renderItem={(s) => <ServiceCard service={s} />} moreHref={catalogPath('/search/mais-acessados')} />
      </div>
      <IndicatorsSection indicators={indicators} />
      <OmbudsmanSection />
      <SocialSection />
      <AppPromotion />
    </>
  );
}
