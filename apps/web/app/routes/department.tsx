import { ExternalLink, MapPin } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Slug } from '@portal/contracts';
import { redirect, useLocation, useNavigation } from 'react-router';
import { Pagination } from '../components/pagination/pagination.tsx';
import { ServiceCard } from '../components/service-card/service-card.tsx';
import { lastPageHref, PAGE_SIZE, pageIndexFrom } from '../features/catalog/list-navigation.ts';
import styles from '../features/departments/departments.module.css';
import { api, optional, required } from '../lib/api.server.ts';
import { canonicalUrl, pageMeta, TITLE_PREFIX } from '../lib/seo.ts';
import { catalogPath } from '../lib/paths.ts';
import type { Route } from './+types/department';
import { Breadcrumb } from '../components/breadcrumb/breadcrumb.tsx';
import { keepDataAfterFailedAction } from '../lib/revalidation.ts';
import { pageError } from '../lib/page-error.ts';

const NOT_FOUND = 'Órgão não encontrado. Veja a lista de órgãos do governo.';

/** Only http(s) addresses are links (spec §5: the website shows only when it is a valid URL). */
export function validUrl(link: string): string | null {
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!Slug.safeParse(params.orgao).success) throw pageError(404, NOT_FOUND);
  const url = new URL(request.url);
  const pageIndex = pageIndexFrom(url.searchParams);
  const departments = await required(context, api.departments(context));
  const department = departments.find((d) => d.slug === params.orgao);
  if (!department) throw pageError(404, NOT_FOUND);
  const [sections, services] = await Promise.all([
    optional(context, 'department sections', api.sections(context, department.slug), []),
    required(context, api.search(context, { departmentSlug: department.slug, from: pageIndex * PAGE_SIZE, size: PAGE_SIZE })),
  ]);
  const total = services[0]?.resultTotal ?? 0;
  // Past the last page: the last page of the same department's services.
  if (!services.length && pageIndex > 0) {
    const first = await required(context, api.search(context, { departmentSlug: department.slug, from: 0, size: 1 }));
    const target = lastPageHref(url, pageIndex, first[0]?.resultTotal ?? 0);
    if (target) throw redirect(target);
  }
  return {
    department: { ...department, link: validUrl(department.link) },
    firstSection: sections[0] ?? null,
    services,
    total,
    pageIndex,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    canonical: canonicalUrl(request, ['page']),
  };
}

export const shouldRevalidate = keepDataAfterFailedAction;

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: `${TITLE_PREFIX} - Órgão não encontrado` }];
  const d = data.department;
  return pageMeta({ title: `${TITLE_PREFIX} - ${d.shortName}`, description: d.description || d.name, canonical: data.canonical });
}

function Pillar({ title, text }: { title: string; text: string }) {
  return (
    <section className={styles.pillar}>
      <h2>{title}</h2>
      <p>{text.trim() || 'Não informado'}</p>
    </section>
  );
}

export default function Department({ loaderData }: Route.ComponentProps) {
  const { department, firstSection, services, total, pageIndex, pageCount } = loaderData;
  const listRef = useRef<HTMLElement>(null);
  const location = useLocation();
  const navigation = useNavigation();
  const previousPage = useRef(pageIndex);

  // Changing the page scrolls smoothly to the list (spec §2), once the new page has arrived.
  useEffect(() => {
    if (previousPage.current !== pageIndex && navigation.state === 'idle') {
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      listRef.current?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
      listRef.current?.focus({ preventScroll: true });
    }
    previousPage.current = pageIndex;
  }, [pageIndex, navigation.state, location.key]);

  const s = firstSection;
  const address = s ? `${[s.address, s.district].filter(Boolean).join(', ')}${s.city ? `, ${s.city} - ${s.state}` : ''}${s.openingTime ? `. ${s.openingTime}` : ''}` : '';
  return (
    <div className="container">
      <Breadcrumb
        trail={[
          { to: catalogPath('/'), label: 'Início' },
          // The menu's word for the list (issue 24).
          { to: catalogPath('/orgao'), label: 'Órgãos' },
        ]}
        current={department.shortName}
      />
      <header className={styles.header}>
        <h1>{department.shortName}</h1>
        <p className={styles.subtitle}>{department.name}</p>
        {department.description ? <p>{department.description}</p> : null}
        {address ? (
          <p className={styles.address}>
            <MapPin size={18} aria-hidden="true" /> <span><span className="visually-hidden">Endereço: </span>{address}</span>
          </p>
        ) : null}
        {department.link ? (
          <p>
            <a href={department.link} target="_blank" rel="noopener noreferrer">
              Site do órgão <ExternalLink size={14} aria-hidden="true" />
              <span className="visually-hidden"> (abre em nova aba)</span>
            </a>
          </p>
        ) : null}
      </header>
      <div className={styles.pillars}>
        <Pillar title="Missão" text={department.mission} />
        <Pillar title="Visão" text={department.vision} />
        <Pillar title="Valores" text={department.values} />
      </div>
      <section id="servicos-prestados" className={styles.services} aria-labelledby="servicos-title" ref={listRef} tabIndex={-1}>
        <h2 id="servicos-title">Serviços prestados{total ? ` (${total})` : ''}</h2>
        {services.length ? (
          <ul className={styles.serviceGrid}>
            {services.map((service) => (
              <li key={service.slug}>
                <ServiceCard service={service} headingLevel={3} details={service} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.empty}>Nenhum serviço encontrado</p>
        )}
        <Pagination pageIndex={pageIndex} pageCount={pageCount} hash="servicos-prestados" />
      </section>
    </div>
  );
}
