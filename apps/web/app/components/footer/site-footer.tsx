import { Mail, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { catalogPath } from '../../lib/paths.ts';
import { SITE } from '../../lib/site.ts';
import { SHORTCUT_TARGETS } from '../accessibility-bar/accessibility-bar.tsx';
import styles from './site-footer.module.css';

export function SiteFooter() {
  return (
    <footer className={styles.footer} id={SHORTCUT_TARGETS.footer} tabIndex={-1}>
      <div className={`container ${styles.grid}`}>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className={styles.heading}>
            Links úteis
          </h2>
          <ul className={styles.list}>
            <li><Link to={catalogPath('/list')}>Todos os serviços</Link></li>
            <li><Link to={catalogPath('/orgao')}>Órgãos do governo</Link></li>
            <li><Link to={catalogPath('/dados')}>Dados abertos</Link></li>
            <li><a href="/app/painel">Painel dos serviços</a></li>
            <li><a href="/app/verificar">Verificar documento</a></li>
            <li><a href="/app/politicas-de-privacidade-termo-de-uso">Política de privacidade e termo de uso</a></li>
            <li><a href={SITE.transparencyPortal}>Portal da Transparência</a></li>
            <li><a href={SITE.governmentSite}>Site do Governo do Piauí</a></li>
          </ul>
        </nav>
        <div>
          <h2 className={styles.heading}>Fale conosco</h2>
          <ul className={styles.list}>
            <li>
              <Phone size={16} aria-hidden="true" /> Telefone:{' '}
              <a href={SITE.phone.href}>
                {SITE.phone.display}, ramal {SITE.phone.extension}
              </a>
            </li>
            <li>
              <Mail size={16} aria-hidden="true" /> Ouvidoria:{' '}
              <a href={`mailto:${SITE.ombudsmanEmail}`}>{SITE.ombudsmanEmail}</a>
            </li>
          </ul>
        </div>
        <p className={styles.copy}>© Governo do Estado do Piauí. Portal de Serviços.</p>
      </div>
    </footer>
  );
}
