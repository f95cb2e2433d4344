import type { CategoryNode } from '@portal/contracts';
import { Briefcase, Building2, ChevronDown, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Icon } from '../../components/icon/icon.tsx';
import { SearchForm } from '../../components/search-form/search-form.tsx';
import { formatNumber } from '../../lib/format.ts';
import { catalogPath } from '../../lib/paths.ts';
import { SITE } from '../../lib/site.ts';
import { BANNERS } from './banners.ts';
import styles from './home.module.css';

/**
 * The page is one shared copy for every anonymous visitor (apps/server/src/plugins/response-cache.ts), yet each
 * visit gets one of the four banners at random (spec §1): the page carries all four, and the home's head script
 * (BANNER_SCRIPT) draws one before the first paint and asks for its picture alongside the stylesheets; the
 * stylesheet shows the one drawn. The others are lazy images that stay hidden, so they are never downloaded.
 * Without scripts the server's own draw shows. Server and browser render the same markup: nothing to swap.
 */
export function HomeBanner({ index }: { index: number }) {
  const drawn = index % BANNERS.length;
  const choice = (i: number) => ({ 'data-choice': i + 1, 'data-default': i === drawn ? '' : undefined });
  return (
    <section className={styles.banner} aria-labelledby="home-title">
      {BANNERS.map((banner, i) => (
        <img key={banner.src} src={banner.src} alt="" className={styles.bannerImage} width={1200} height={320} loading="lazy" {...choice(i)} />
      ))}
      <div className={`container ${styles.bannerContent}`}>
        <h1 id="home-title" className={styles.bannerTitle}>
          Portal de Serviços do Governo do Piauí
        </h1>
        {BANNERS.map((banner, i) => (
          <p key={banner.src} className={styles.bannerMessage} {...choice(i)}>
            {banner.message}
          </p>
        ))}
        <div className={styles.bannerSearch}>
          <SearchForm label="Qual serviço você procura?" hideLabel size="large" />
        </div>
      </div>
    </section>
  );
}

/**
 * 'Todos os serviços por categoria': a native disclosure, so it opens with a click, Enter or Space and
 * works before (and without) JavaScript; screen readers announce it as expanded or collapsed.
 */
export function CategoryBanner({ categories }: { categories: CategoryNode[] }) {
  return (
    <details className={styles.categoryBanner} data-testid="category-banner">
      <summary className={styles.categorySummary}>
        <span className={styles.categoryHeading}>Todos os serviços por categoria</span>
        <span className={styles.categoryHint}>
          <span className={styles.hintClosed}>Clique para expandir</span>
          <span className={styles.hintOpen}>Clique para recolher</span>
          <ChevronDown size={20} aria-hidden="true" className={styles.chevron} />
        </span>
      </summary>
      {categories.length ? (
        <ul className={styles.categoryGrid}>
          {categories.map((c) => (
            <li key={c.slug}>
              <Link to={catalogPath(`/list/${c.slug}`)} className={styles.categoryLink}>
                <Icon name={c.icon} size={28} />
                <span>{c.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>Nenhuma categoria encontrada</p>
      )}
    </details>
  );
}

const AUDIENCES = [
  { title: 'Cidadão', text: 'Documentos, saúde, educação, trânsito e muito mais para você.', href: '/list/servicos-ao-cidadao', icon: Users },
  { title: 'Servidor', text: 'Contracheque, férias, licenças, previdência e plano de saúde.', href: '/list/servidor-publico', icon: Briefcase },
  { title: 'Empresas', text: 'Abertura de empresas, inscrição estadual, nota fiscal e licenças.', href: '/list/empresas', icon: Building2 },
];

export function AudienceCards() {
  return (
    <section aria-labelledby="audiences-title" className={styles.section}>
      <h2 id="audiences-title" className="visually-hidden">
        Serviços por público
      </h2>
      <ul className={styles.audienceGrid}>
        {AUDIENCES.map(({ title, text, href, icon: IconComponent }) => (
          <li key={title} className={styles.audienceCard}>
            <IconComponent size={36} aria-hidden="true" className={styles.audienceIcon} />
            <h3 className={styles.audienceTitle}>{title}</h3>
            <p>{text}</p>
            <Link to={catalogPath(href)} className={styles.button} aria-label={`Acessar serviços para ${title === 'Empresas' ? 'empresas' : title === 'Cidadão' ? 'o cidadão' : 'o servidor'}`}>
              Acessar
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface Indicators {
  availableServices: number | null;
  digitalServices: number | null;
  citizensRegistered: number | null;
}

export function IndicatorsSection({ indicators }: { indicators: Indicators }) {
  const figures = [
    { label: 'Serviços disponíveis', value: indicators.availableServices },
    { label: 'Serviços digitais', value: indicators.digitalServices },
    { label: 'Cidadãos cadastrados', value: indicators.citizensRegistered },
  ];
  return (
    <section aria-labelledby="indicators-title" className={styles.indicators}>
      <div className="container">
        <h2 id="indicators-title" className={styles.sectionTitle}>
          Indicadores
        </h2>
        <dl className={styles.indicatorGrid}>
          {figures.map((f) => (
            <div key={f.label} className={styles.indicator}>
              <dt>{f.label}</dt>
              <dd>{f.value == null ? 'Indisponível' : formatNumber(f.value)}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.indicatorMore}>
          {/* The same numbers, with what each counts and how the services answer, month by month (issue 30). */}
          <a href="/app/painel">Ver o painel dos serviços: prazos, tempo de resposta e satisfação</a>
        </p>
      </div>
    </section>
  );
}

/** Ombudsman tiles and their type numbers on the external platform (spec §2). */
export const OMBUDSMAN_TILES = [
  { title: 'Denúncia', type: 1, icon: 'siren' },
  { title: 'Reclamação', type: 2, icon: 'message-square-warning' },
  { title: 'Elogio', type: 3, icon: 'award' },
  { title: 'Sugestão', type: 4, icon: 'lightbulb' },
  { title: 'Solicitação', type: 5, icon: 'clipboard-list' },
  { title: 'Acesso à Informação', type: 8, icon: 'file-search' },
];

export function OmbudsmanSection() {
  return (
    <section aria-labelledby="ombudsman-title" className={`container ${styles.section}`}>
      <h2 id="ombudsman-title" className={styles.sectionTitle}>
        Ouvidoria
      </h2>
      <p>Fale com o Governo do Piauí: registre sua manifestação na plataforma da ouvidoria (abre em nova aba).</p>
      <ul className={styles.tileGrid}>
        {OMBUDSMAN_TILES.map((tile) => (
          <li key={tile.type}>
            <a href={SITE.ombudsmanUrl(tile.type)} target="_blank" rel="noopener noreferrer" className={styles.tile}>
              <Icon name={tile.icon} size={28} />
              <span>{tile.title}</span>
              <span className="visually-hidden"> (abre em nova aba)</span>
            </a>
          </li>
        ))}
        <li>
          <a href="/app/app-simplifique" className={styles.tile}>
            <Icon name="refresh-cw" size={28} />
            <span>Simplifique</span>
          </a>
        </li>
      </ul>
    </section>
  );
}
