import { Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { catalogPath } from '../../lib/paths.ts';
import { SITE } from '../../lib/site.ts';
import styles from './home.module.css';

// Brand marks drawn in a few strokes: the icon set has none, and nothing may load from the networks' sites.
const BRANDS: { name: string; href: string; mark: ReactNode }[] = [
  {
    name: 'Instagram',
    href: SITE.social.instagram,
    mark: (
      <>
        <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="17.5" cy="6.5" r="1.3" fill="currentColor" />
      </>
    ),
  },
  {
    name: 'Facebook',
    href: SITE.social.facebook,
    mark: <path d="M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l.6-4H14V8.6c0-.4.3-.6.6-.6Z" fill="currentColor" />,
  },
  {
    name: 'YouTube',
    href: SITE.social.youtube,
    mark: (
      <>
        <rect x="2" y="5" width="20" height="14" rx="4" fill="currentColor" />
        <path d="M10 9v6l5-3Z" fill="#fff" />
      </>
    ),
  },
  {
    name: 'X (antigo Twitter)',
    href: SITE.social.x,
    mark: <path d="M4 4h4.5l11.5 16h-4.5ZM19.5 4 4.5 20" stroke="currentColor" strokeWidth="2" fill="none" />,
  },
];

export function SocialSection() {
  return (
    <section aria-labelledby="social-title" className={`container ${styles.section}`}>
      <h2 id="social-title" className={styles.sectionTitle}>
        Acompanhe nossas redes sociais
      </h2>
      <ul className={styles.socialList}>
        {BRANDS.map((brand) => (
          <li key={brand.name}>
            <a href={brand.href} target="_blank" rel="noopener noreferrer" className={styles.social}>
              <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                {brand.mark}
              </svg>
              <span>{brand.name}</span>
              <span className="visually-hidden"> (abre em nova aba)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Mobile-app promotion: store links and their QR codes (images drawn on the server from the same links). */
export function AppPromotion() {
  const stores = [
    { name: 'Google Play', href: SITE.stores.googlePlay, qr: catalogPath('/qr/google-play.svg') },
    { name: 'App Store', href: SITE.stores.appStore, qr: catalogPath('/qr/app-store.svg') },
  ];
  return (
    <section aria-labelledby="app-title" className={styles.appPromo}>
      <div className={`container ${styles.appInner}`}>
        <div>
          <Smartphone size={40} aria-hidden="true" />
          <h2 id="app-title" className={styles.sectionTitle}>
            Baixe o aplicativo Piauí Digital
          </h2>
          <p>Os serviços do Governo do Piauí no seu celular. Aponte a câmera para o código ou toque na loja do seu aparelho.</p>
        </div>
        <ul className={styles.storeList}>
          {stores.map((store) => (
            <li key={store.name} className={styles.store}>
              <img className={styles.qr} src={store.qr} alt={`Código QR para baixar o aplicativo na ${store.name}`} width={140} height={140} loading="lazy" decoding="async" />
              <a href={store.href} target="_blank" rel="noopener noreferrer" className={styles.storeLink}>
                Baixar na {store.name}
                <span className="visually-hidden"> (abre em nova aba)</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
