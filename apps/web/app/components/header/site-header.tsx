import { CircleUser } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { AUDIENCE_LINKS, SITE } from '../../lib/site.ts';
import { BrandMark } from '../brand/brand.tsx';
import { SearchForm } from '../search-form/search-form.tsx';
import styles from './site-header.module.css';

/** Scroll past which the header becomes the fixed floating variant (spec §9). */
export const FLOATING_THRESHOLD = 350;

export interface HeaderUser {
  name: string;
  notaPiauienseBalance: number | null;
}

function useFloating(): boolean {
  const [floating, setFloating] = useState(false);
  useEffect(() => {
    const update = () => setFloating(window.scrollY > FLOATING_THRESHOLD);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return floating;
}

/** The Nota Piauiense balance chip: only for a logged-in citizen (the login issue fills the user). */
function NotaPiauienseChip({ user }: { user: HeaderUser | null }) {
  if (!user || user.notaPiauienseBalance == null) return null;
  const balance = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(user.notaPiauienseBalance);
  return <span className={styles.chip}>Nota Piauiense: {balance}</span>;
}

export function SiteHeader({ user, searchText }: { user: HeaderUser | null; searchText?: string }) {
  const floating = useFloating();
  return (
    <>
      <div className={styles.topBar}>
        <div className={`container ${styles.topBarInner}`}>
          <a href={SITE.transparencyPortal}>Portal da Transparência</a>
          <a href={SITE.governmentSite}>Governo do Piauí</a>
        </div>
      </div>
      {/* Keeps the page from jumping when the header leaves the flow. */}
      <div className={styles.placeholder} data-active={floating || undefined}>
        <header className={styles.header} data-floating={floating ? 'true' : 'false'} data-testid="site-header">
          <div className={`container ${styles.inner}`}>
            <Link to="/" className={styles.brand} aria-label="Portal de Serviços do Governo do Piauí: página inicial">
              <BrandMark size={floating ? 32 : 40} />
              <span className={styles.brandText} aria-hidden="true">
                <strong>Portal de Serviços</strong>
                <span>Governo do Piauí</span>
              </span>
            </Link>
            <div className={styles.search}>
              <SearchForm key={searchText ?? ''} label="Serviços" hideLabel={floating} defaultValue={searchText} />
            </div>
            <div className={styles.account}>
              <NotaPiauienseChip user={user} />
              {user ? (
                <span className={styles.userName}>{user.name}</span>
              ) : (
                <a href={SITE.loginPath} className={styles.login}>
                  <CircleUser size={20} aria-hidden="true" />
                  ACESSO CIDADÃO
                </a>
              )}
            </div>
          </div>
          <nav aria-label="Públicos" className={styles.audiences}>
            <ul className="container">
              <li>
                <NavLink to={AUDIENCE_LINKS.cidadao}>Cidadão</NavLink>
              </li>
              <li>
                <NavLink to={AUDIENCE_LINKS.servidor}>Servidor</NavLink>
              </li>
              <li>
                <NavLink to={floating ? AUDIENCE_LINKS.empresaFloating : AUDIENCE_LINKS.empresa}>Empresa</NavLink>
              </li>
              <li>
                <NavLink to="/orgao">Órgãos</NavLink>
              </li>
              <li>
                <NavLink to="/dados">Dados abertos</NavLink>
              </li>
            </ul>
          </nav>
        </header>
      </div>
    </>
  );
}
