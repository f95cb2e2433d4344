// Shapes of the hand-written demo catalog. The seed turns these into rows; nothing here is a row type.

export type Target = 'cidadao' | 'servidor' | 'empresa';
export type AccessLevel = 'BRONZE' | 'PRATA' | 'OURO' | 'OPALA';
export type Channel = 'online' | 'presencial';

export interface DemoCategory {
  slug: string;
  name: string;
  description: string;
  /** lucide-react icon name in kebab-case, e.g. 'car', 'graduation-cap' */
  icon: string;
  /** accent colour, '#RRGGBB' */
  corhex: string;
  orderIndex: number;
  /** audience categories list the services whose targets include this audience */
  audience?: Target;
  /** another slug that answers exactly like this one (e.g. 'empresas' for 'negocios-e-empresas') */
  aliases?: string[];
  parent?: string;
}

export interface DemoUnit {
  slug: string;
  name: string;
  address: string;
  district: string;
  complement?: string;
  postalCode: string;
  city: string;
  state: 'PI';
  /** e.g. 'Segunda a sexta, das 7h30 às 13h30' */
  openingTime: string;
  phone?: string;
  latitude: number;
  longitude: number;
}

export interface DemoDepartment {
  slug: string;
  shortName: string;
  name: string;
  description: string;
  mission: string;
  vision: string;
  values: string;
  /** official website; '' when none */
  link: string;
  active?: boolean;
  /** other slugs that answer like this one: the live API's, from the full name (the state's app hard-codes some) */
  aliases?: string[];
  units: DemoUnit[];
}

export interface DemoStep {
  name: string;
  /** plain text, one or two sentences */
  description: string;
  channel: Channel;
  /** optional richer HTML (p, ul, li, a, strong); sanitised on write */
  htmlContent?: string;
  documents?: string[];
}

export interface DemoInfo {
  title: string;
  /** HTML (p, ul, li, strong, a) */
  text: string;
  /** lucide-react icon name */
  icon?: string;
}

export interface DemoService {
  slug: string;
  title: string;
  /** HTML, one to three short paragraphs (<p>…</p>) */
  description: string;
  /** department slug */
  department: string;
  /** topical category slug (never an audience category) */
  category: string;
  targets: Target[];
  popularNames: string[];
  tags: string[];
  isFree: boolean;
  /** for paid services, the fee as a citizen reads it, e.g. 'R$ 84,68 (DAR – taxa do DETRAN-PI)' */
  cost?: string;
  /** e.g. 'Imediato', 'Até 5 dias úteis' */
  estimatedTime: string;
  isOnline: boolean;
  isDigital: boolean;
  isSelfService: boolean;
  highlighted?: boolean;
  /** URL of the digital service, or a portal path starting with /app/, or '' for in-person only */
  link: string;
  accessProfile: AccessLevel;
  /** Font Awesome name, as the live catalog and the state's app use them ('fa-car'); the web draws the
   * lucide icon apps/web/app/components/icon/font-awesome.ts pairs with it */
  icon: string;
  steps: DemoStep[];
  info: DemoInfo[];
  /** fields posted (hidden form POST) to the link */
  catalogDataRow?: { name: string; value: string }[];
  /** false for services no longer offered (kept for history) */
  active?: boolean;
  /** why an inactive service is no longer offered, as citizens read it (required when active is false) */
  discontinuedReason?: string;
  /** slug of the active service that took an inactive one's place */
  replacedBy?: string;
}
