import type { SearchItem } from '@portal/contracts';
import { Carousel } from '../components/carousel/carousel.tsx';
import { ServiceCard } from '../components/service-card/service-card.tsx';
import { BANNERS } from '../features/home/banners.ts';
import { AudienceCards, CategoryBanner, HomeBanner, IndicatorsSection, OmbudsmanSection, type Indicators } from '../features/home/home-sections.tsx';
import { AppPromotion, SocialSection } from '../features/home/outreach-sections.tsx';
import { qrSvg } from '../features/home/qr.server.ts';
import { api, orEmpty } from '../lib/api.server.ts';
import { canonicalUrl, pageMeta } from '../lib/seo.ts';
import { catalogPath } from '../lib/paths.ts';
import { SITE } from '../lib/site.ts';
import { loadPersonalHome } from './personal-data.server.ts';
import { PersonalHomeSections } from './personal-home.tsx';
import type { Route } from './+types/home';

/** Cards in each carousel of the home. */
const CAROUSEL_SIZE = 12;

const orNull = <T,>(promise: Promise<T>) =>
  promise.catch((err) => {
    console.error('indicator failed', err);
    return null;
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const [personal, categories, quickAccess, mostAccessed, availableServices, digitalServices, citizensRegistered] = await Promise.all([
    // The logged-in citizen's widgets (null when anonymous).
    loadPersonalHome(context),
    orEmpty(api.categories(context)),
    orEmpty(api.search(context, { highlighted: true, size: CAROUSEL_SIZE })),
    orEmpty(api.search(context, { top_hit: 10 })),
    orNull(api.indicator(context, 87, 76)),
    orNull(api.indicator(context, 88, 77)),
    orNull(api.indicator(context, 89, 78)),
  ]);
  const indicators: Indicators = { availableServices, digitalServices, citizensRegistered };
  const card = (s: SearchItem) => ({
    title: s.title,
    slug: s.slug,
    description: s.description,
    categorySlug: s.categorySlug,
    icon: s.icon,
    isOnline: s.isOnline,
    departmentShortName: s.departmentShortName,
    accessProfile: s.accessProfile,
  });
  return {
    banner: Math.floor(Math.random() * BANNERS.length),
    categories: categories.filter((c) => !c.hidden),
    quickAccess: quickAccess.map(card),
    // Most accessed also lists services no longer offered; anonymous visitors see the active ones (spec §7).
    mostAccessed: mostAccessed.filter((s) => s.active).map(card),
    indicators,
    qr: { googlePlay: qrSvg(SITE.stores.googlePlay), appStore: qrSvg(SITE.stores.appStore) },
    canonical: canonicalUrl(request),
    personal,
  };
}

export function headers() {
  // The banner is chosen per visit: shared caches must not keep one for everybody.
  return { 'cache-control': 'private, no-cache' };
}

export function meta({ data }: Route.MetaArgs) {
  return pageMeta({
    title: 'Governo do Piauí - Portal de Serviços',
    description: 'Portal de Serviços do Governo do Piauí: encontre, acesse e avalie os serviços públicos do Estado em um só lugar.',
    canonical: data?.canonical,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { banner, categories, quickAccess, mostAccessed, indicators, qr, personal } = loaderData;
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
      <AppPromotion qr={qr} />
    </>
  );
}
