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
