import banner1 from './banners/banner-1.svg?url';
import banner2 from './banners/banner-2.svg?url';
import banner3 from './banners/banner-3.svg?url';
import banner4 from './banners/banner-4.svg?url';

/** The home's four banners (spec §1): one is chosen at random on each visit. */
export const BANNERS = [
  { src: banner1, message: 'Serviços digitais do Governo do Piauí na palma da sua mão' },
  { src: banner2, message: 'Documentos e certidões sem sair de casa' },
  { src: banner3, message: 'Saúde pública perto de você' },
  { src: banner4, message: 'Educação, cursos e oportunidades para todos' },
] as const;

/**
 * The home's draw (spec §1), run in the head before the stylesheets so that it waits for none of them: it marks the
 * document with the banner drawn (home.module.css shows that one) and asks for its picture at once, with the
 * stylesheets, as the largest paint of the page (issue 12).
 */
export const BANNER_SCRIPT = `(function(b){var i=Math.floor(Math.random()*b.length),l=document.createElement('link');document.documentElement.dataset.banner=String(i+1);l.rel='preload';l.as='image';l.href=b[i];l.fetchPriority='high';document.head.appendChild(l)})(${JSON.stringify(BANNERS.map((b) => b.src))})`;
