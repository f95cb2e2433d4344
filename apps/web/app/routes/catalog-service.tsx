import { RatingForm, Slug, type CatalogItem, type SearchItem } from '@portal/contracts';
import { Clock } from 'lucide-react';
import { useEffect } from 'react';
import { data, isRouteErrorResponse, redirect } from 'react-router';
import { FailureContent, NotFoundContent } from '../components/error-page/error-page.tsx';
import { showSnackbar } from '../components/snackbar/snackbar.tsx';
import { FavoriteStar } from '../features/favorites/favorite-star.tsx';
import { PdfButton, ServiceAccess } from '../features/catalog/service-access.tsx';
import { AboutSection, CategoryCard, ChangesSection, DocumentsSection, InfoSection, SidebarCards, StepsSection, SuggestSection, TagsSection } from '../features/catalog/service-sections.tsx';
import styles from '../features/catalog/service.module.css';
import { UnitsCard } from '../features/catalog/units-card.tsx';
import { DiscontinuedService } from '../features/catalog/discontinued-service.tsx';
import { RatingStars } from '../features/ratings/rating-stars.tsx';
import { BALLOT_SCRIPT, RATING_SUCCESS, RATING_UPDATED, ratingFailureMessage, type RatingResult } from '../features/ratings/rating.ts';
import type { RouteHandle } from '../root.tsx';
import { api, ApiError, optional, required } from '../lib/api.server.ts';
import { cut, formatNumber, relativeTime, stripHtml } from '../lib/format.ts';
import { canonicalUrl, pageMeta, TITLE_PREFIX } from '../lib/seo.ts';
import { catalogPath } from '../lib/paths.ts';
import { parseForm } from '../lib/form.server.ts';
import { serviceLinkMode } from '../lib/links.ts';
import type { Route } from './+types/catalog-service';
import { Breadcrumb } from '../components/breadcrumb/breadcrumb.tsx';
import { keepDataAfterFailedAction } from '../lib/revalidation.ts';
import { pageError } from '../lib/page-error.ts';

/** The rating form's ballot, filled as the form is sent, before the page's scripts too (rating.ts). */
export const handle: RouteHandle = { headScript: BALLOT_SCRIPT };

const LOAD_FAILURE = 'Não foi possível carregar as informações do serviço!';
const NOT_FOUND = 'Serviço não encontrado. Confira o endereço ou busque pelo nome do serviço.';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!Slug.safeParse(params.catalog).success || !Slug.safeParse(params.category).success) throw pageError(404, NOT_FOUND);
  const service = await required(context, api.service(context, params.catalog), { notFound: NOT_FOUND, failure: LOAD_FAILURE });
  // A service has one address: another category in the path leads to it.
  if (service.category.slug !== params.category) throw redirect(catalogPath(`/${service.category.slug}/${service.slug}`), 301);
  // 'Acessar Serviço Digital' posts the service's data rows to its channel: this page, and only this one, may.
  if (serviceLinkMode(service.link, service.catalogDataRow) === 'form-post') context.allowFormAction(service.link);
  const url = new URL(request.url);
  const canonical = canonicalUrl(request);
  const page = {
    service,
    now: Date.now(),
    unitFilter: url.searchParams.get('unidade') ?? '',
    canonical,
    homeUrl: canonical.replace(/\/[^/]+\/[^/]+$/, ''),
    related: [] as SearchItem[],
    // a widget: without it the page still answers
    changes: service.active ? (await optional(context, 'change log', api.changes(context, service.slug), { changes: [] })).changes : [],
  };
  if (service.active) return page;
  // Discontinued (decision 017): the page says so and answers 410 Gone, so search engines drop it; the
  // related services are the category's active ones (search never lists inactive services).
  const related = await optional(context, 'related services', api.search(context, { category: service.category.slug, from: 0, size: 4 }), []);
  return data({ ...page, related: related.filter((r) => r.slug !== service.slug && r.slug !== service.replacedBy?.slug).slice(0, 3) }, { status: 410 });
}

/**
 * Opening a service from another page (with JavaScript): a request that never got an answer (offline, a
 * proxy's error page) is this page's failure, told by its own boundary and the snackbar (spec §8), not the
 * whole portal's error page.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (err) {
    if (isRouteErrorResponse(err) || err instanceof Response) throw err;
    throw pageError(503, LOAD_FAILURE);
  }
}

/** A rating (the contract's RatingForm): a value that is not 1 to 5 answers 400 with its message. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await parseForm(request, RatingForm);
  const at = Date.now();
  if (!form.ok) return data<RatingResult & { errors: Record<string, string> }>({ intent: 'rate', ok: false, message: form.message, errors: form.errors, at }, { status: 400 });
  try {
    if (!Slug.safeParse(params.catalog).success) throw new ApiError(404, null);
    const service = await api.service(context, params.catalog);
    const result = await api.rate(context, service.id, form.data.value, form.data.ballot);
    const message = result.updated ? RATING_UPDATED : RATING_SUCCESS;
    return { intent: 'rate', ok: true, message, average: result.average, count: result.count, value: form.data.value, at } satisfies RatingResult;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { intent: 'rate', ok: false, message: ratingFailureMessage(err.status, err.message), at } satisfies RatingResult;
  }
}

/**
 * With JavaScript, a vote that never reached the action (offline) or failed on the way (a 500) is the
 * stars' own failure (spec §8: 'Não foi possível completar a ação!' in the snackbar); the page stays.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch {
    return { intent: 'rate', ok: false, message: ratingFailureMessage(0), at: Date.now() } satisfies RatingResult;
  }
}

export const shouldRevalidate = keepDataAfterFailedAction;

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: `${TITLE_PREFIX} - Serviço não encontrado` }];
  if (!data.service.active) {
    return [...pageMeta({ title: `${TITLE_PREFIX} - ${data.service.title} (descontinuado)`, description: `Este serviço foi descontinuado. ${data.service.discontinuedReason}` }), { name: 'robots', content: 'noindex' }];
  }
  return pageMeta({ title: `${TITLE_PREFIX} - ${data.service.title}`, description: data.service.description, canonical: data.canonical, keywords: data.service.tags });
}

/** schema.org description of the service for search engines (GovernmentService). */
function jsonLd(service: CatalogItem, canonical: string): string {
  const doc = {
    '@context': 'https://schema.org',
    '@type': 'GovernmentService',
    name: service.title,
    description: cut(stripHtml(service.description), 300),
    url: canonical,
    serviceType: service.category.name,
    category: service.category.name,
    isAccessibleForFree: service.isFree,
    areaServed: { '@type': 'State', name: 'Piauí' },
    provider: { '@type': 'GovernmentOrganization', name: service.department.name, alternateName: service.department.shortName, ...(service.department.link ? { url: service.department.link } : {}) },
    availableChannel: [
      ...(service.link && /^https?:/.test(service.link) ? [{ '@type': 'ServiceChannel', name: 'Serviço digital', serviceUrl: service.link }] : []),
      ...service.departmentSections.map((unit) => ({
        '@type': 'ServiceChannel',
        name: unit.name,
        serviceLocation: {
          '@type': 'Place',
          name: unit.name,
          address: { '@type': 'PostalAddress', streetAddress: unit.address, addressLocality: unit.city, addressRegion: unit.state, postalCode: unit.postalCode, addressCountry: 'BR' },
          ...(unit.latitude != null && unit.longitude != null ? { geo: { '@type': 'GeoCoordinates', latitude: unit.latitude, longitude: unit.longitude } } : {}),
        },
      })),
    ],
    ...(service.averageRatings.count
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: service.averageRatings.average, ratingCount: service.averageRatings.count, bestRating: 5, worstRating: 1 } }
      : {}),
  };
  // Inside a <script>, '<' must not open a tag.
  return JSON.stringify(doc).replace(/</g, '\\u003c');
}

export default function Service({ loaderData, actionData }: Route.ComponentProps) {
  const { service, now, unitFilter, canonical, related, changes } = loaderData;
  if (!service.active) {
    return (
      <div className="container">
        <Breadcrumb
          trail={[
            { to: catalogPath('/'), label: 'Início' },
            { to: catalogPath(`/list/${service.category.slug}`), label: service.category.name },
          ]}
          current={service.title}
        />
        <DiscontinuedService service={service} related={related} />
      </div>
    );
  }
  return (
    <div className="container">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(service, canonical) }} />
      <Breadcrumb
        trail={[
          { to: catalogPath('/'), label: 'Início' },
          { to: catalogPath(`/list/${service.category.slug}`), label: service.category.name },
        ]}
        current={service.title}
      />
      <div className={styles.layout}>
        <article className={styles.main} data-testid="service-main">
          <header className={styles.head}>
            <h1 className={styles.title}>{service.title}</h1>
            <div className={styles.meta}>
              <RatingStars average={service.averageRatings.average} count={service.averageRatings.count} noScriptResult={actionData} />
              {service.verifiedRatings.count ? (
                <span className={styles.verified} data-testid="verified-ratings">
                  Nota {formatNumber(service.verifiedRatings.average, { maximumFractionDigits: 1 })} de 5 dada por {service.verifiedRatings.count}{' '}
                  {service.verifiedRatings.count === 1 ? 'pessoa que usou' : 'pessoas que usaram'} o serviço pelo portal
                </span>
              ) : null}
              {service.isOnline ? <span className={styles.online} data-testid="service-online">Online</span> : null}
              <FavoriteStar slug={service.slug} title={service.title} />
            </div>
            <div className={styles.actions}>
              <ServiceAccess service={service} />
              <PdfButton slug={service.slug} />
            </div>
            <p className={styles.updated}>
              <Clock size={16} aria-hidden="true" /> Atualizado <time dateTime={service.updated_at}>{relativeTime(service.updated_at, now)}</time>
            </p>
          </header>
          <AboutSection service={service} />
          <StepsSection steps={service.steps} />
          <DocumentsSection steps={service.steps} />
          <InfoSection info={service.info} />
          <ChangesSection changes={changes} />
          <SuggestSection />
          <TagsSection tags={service.tags} />
        </article>
        <aside className={styles.sidebar} aria-label="Sobre o atendimento">
          <SidebarCards service={service} />
          <UnitsCard units={service.departmentSections} initialFilter={unitFilter} />
          <CategoryCard category={service.category} />
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const failed = !(isRouteErrorResponse(error) && error.status === 404);
  // A load that failed (not a missing service) is also told in the snackbar (spec §8); the header, the
  // search and 'Tentar novamente' stay on the page.
  useEffect(() => {
    if (failed) showSnackbar(LOAD_FAILURE, 'error');
  }, [failed, error]);
  if (!failed) return <NotFoundContent message={(error as { data?: { message?: string } }).data?.message} />;
  return <FailureContent status={isRouteErrorResponse(error) ? error.status : undefined} message={LOAD_FAILURE} />;
}

