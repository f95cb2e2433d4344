import { catalogPath } from './paths.ts';

// Addresses of the state's other sites that the portal links to. Confirm them before going live
// (apps/web/README.md, 'Before going live'); none of them is loaded by the pages, only linked.
export const SITE = {
  name: 'Portal de Serviços do Governo do Piauí',
  // also in the login pages' strip (apps/server/src/modules/identity/pages.ts)
  transparencyPortal: 'https://transparencia.pi.gov.br',
  governmentSite: 'https://www.pi.gov.br',
  /** the external ombudsman platform; `{tipo}` is the tile's type number (spec §2) */
  ombudsmanUrl: (type: number) => `https://ouvidoria.pi.gov.br/manifestacao?tipo=${type}`,
  ombudsmanEmail: 'ouvidoria@cge.pi.gov.br',
  phone: { display: '(86) 3216-1414', extension: '2020', href: 'tel:+558632161414,2020' },
  stores: {
    googlePlay: 'https://play.google.com/store/apps/details?id=br.gov.pi.piauidigital',
    appStore: 'https://apps.apple.com/br/app/piaui-digital/id1601538390',
  },
  social: {
    instagram: 'https://www.instagram.com/governodopiaui',
    facebook: 'https://www.facebook.com/governodopiaui',
    youtube: 'https://www.youtube.com/@governodopiaui',
    x: 'https://x.com/governodopiaui',
  },
  /** the citizen's login (served by the identity module) */
  loginPath: '/app/entrar',
};

/** Audience lists (spec §2): the floating header's Empresa goes to another list than the main header's. */
export const AUDIENCE_LINKS = {
  cidadao: catalogPath('/list/servicos-ao-cidadao'),
  servidor: catalogPath('/list/servidor-publico'),
  empresa: catalogPath('/list/empresas'),
  empresaFloating: catalogPath('/list/negocios-e-empresas'),
};
