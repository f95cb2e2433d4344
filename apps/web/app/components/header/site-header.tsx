import { CircleUser } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { catalogPath } from '../../lib/paths.ts';
import { AUDIENCE_LINKS, SITE } from '../../lib/site.ts';
import { BrandMark } from '../brand/brand.tsx';
import { SHORTCUT_TARGETS } from '../accessibility-bar/accessibility-bar.tsx';
import { SearchForm } from '../search-form/search-form.tsx';
import styles from './site-header.module.css';

/** Scroll past which the header becomes the fixed floating variant (spec §9). */
export const FLOATING_THRESHOLD = 350;


/**
 * Whether the header floats, and the room it leaves in the page: the placeholder's height with the header in it,
 * measured the moment before the header leaves the flow (with the citizen's controls, a phone's wrapped menu, the text
 * size chosen). The placeholder keeps that room, so the page does not jump up under the reader's finger as the header
 * starts floating.
 */
function useFloating(placeholder: RefObject<HTMLElement | null>): { floating: boolean; room?: number } {
  const [room, setRoom] = useState<number>();
  useEffect(() => {
    const update = () => {
      const floating = window.scrollY > FLOATING_THRESHOLD;
      setRoom((current) => (floating ? (current ?? placeholder.current?.offsetHeight ?? 0) : undefined));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [placeholder]);
  return { floating: room !== undefined, room };
}

/** Room above what the browser scrolls to, below the floating header, for the focus ring (3 px outline, 5 px shadow). */
const FOCUS_RING_ROOM = 12;

/**
 * While the header floats over the page, whatever the browser scrolls into view (the element Tab or Shift+Tab
 * focuses, a #fragment, the eMAG shortcuts) stops below it, not under it: scroll-padding-top is its height.
 */
function useScrollPaddingBelow(header: RefObject<HTMLElement | null>, floating: boolean) {
  useEffect(() => {
    const element = header.current;
    if (!floating || !element) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty('scroll-padding-top', `${element.offsetHeight + FOCUS_RING_ROOM}px`);
    update();
    // Its height changes with the screen's width and the text size.
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('scroll-padding-top');
    };
  }, [header, floating]);
}

/**
 * `account`: the logged-in citizen's widgets (bell, Nota Piauiense chip, menu), given by the root layout;
 * without it, 'ACESSO CIDADÃO', which logs in and comes back to this page.
 */
export function SiteHeader({ account, searchText }: { account?: ReactNode; searchText?: string }) {
  const header = useRef<HTMLElement>(null);
  const placeholder = useRef<HTMLDivElement>(null);
  const { floating, room } = useFloating(placeholder);
  useScrollPaddingBelow(header, floating);
  const location = useLocation();
  const loginHref = `${SITE.loginPath}?returnTo=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
  return (
    <>
      <nav className={styles.topBar} aria-label="Sites do governo">
        <ul className={`container ${styles.topBarInner}`}>
          <li>
            <a href={SITE.transparencyPortal}>Portal da Transparência</a>
          </li>
          <li>
            <a href={SITE.governmentSite}>Governo do Piauí</a>
          </li>
        </ul>
      </nav>
      {/* Keeps the page from jumping when the header leaves the flow. */}
      <div ref={placeholder} className={styles.placeholder} data-active={floating || undefined} style={floating ? { height: room } : undefined}>
        <header ref={header} className={styles.header} data-floating={floating ? 'true' : 'false'} data-testid="site-header">
          <div className={`container ${styles.inner}`}>
            <Link to={catalogPath('/')} className={styles.brand}>
              <BrandMark size={floating ? 32 : 40} />
              <span className={styles.brandText}>
                <strong>Portal de Serviços</strong>
                <span>Governo do Piauí</span>
                <span className="visually-hidden"> (página inicial)</span>
              </span>
            </Link>
            <div className={styles.search} id={SHORTCUT_TARGETS.search} tabIndex={-1}>
              <SearchForm label="Serviços" hideLabel={floating} defaultValue={searchText} />
            </div>
            <div className={styles.account} data-signed-in={account ? '' : undefined}>
              {account ?? (
                <a href={loginHref} className={styles.login}>
                  <CircleUser size={20} aria-hidden="true" />
                  <span data-header-label>ACESSO CIDADÃO</span>
                </a>
              )}
            </div>
          </div>
          <nav aria-label="Públicos" className={styles.audiences} id={SHORTCUT_TARGETS.menu} tabIndex={-1}>
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
                <NavLink to={catalogPath('/orgao')}>Órgãos</NavLink>
              </li>
              <li>
                <NavLink to={catalogPath('/dados')}>Dados abertos</NavLink>
              </li>
            </ul>
          </nav>
        </header>
      </div>
    </>
  );
}
