// The words the open-data generator draws from: Portuguese, in the shapes the state's transparency
// portal publishes. Weights are relative.

/** Budget function (função de governo) and the extra management units of each state body. */
export const BODIES: Record<string, { fn: string; weight: number; servants: number; units?: string[] }> = {
  sefaz: { fn: '04 - Administração', weight: 6, servants: 3, units: ['Encargos Gerais do Estado - EGE'] },
  'detran-pi': { fn: '06 - Segurança Pública', weight: 3, servants: 2 },
  seduc: { fn: '12 - Educação', weight: 16, servants: 38, units: ['Fundo de Manutenção e Desenvolvimento da Educação Básica - FUNDEB', 'Unidade Escolar Liceu Piauiense'] },
  sesapi: { fn: '10 - Saúde', weight: 16, servants: 14, units: ['Fundo Estadual de Saúde - FES', 'Hospital Getúlio Vargas - HGV', 'Maternidade Dona Evangelina Rosa', 'Hospital Regional Tibério Nunes'] },
  ssp: { fn: '06 - Segurança Pública', weight: 5, servants: 2, units: ['Fundo Estadual de Segurança Pública - FESP'] },
  'policia-civil': { fn: '06 - Segurança Pública', weight: 3, servants: 5 },
  pmpi: { fn: '06 - Segurança Pública', weight: 5, servants: 14 },
  cbmepi: { fn: '06 - Segurança Pública', weight: 2, servants: 2 },
  sead: { fn: '04 - Administração', weight: 4, servants: 2 },
  jucepi: { fn: '23 - Comércio e Serviços', weight: 1, servants: 0.3 },
  adapi: { fn: '20 - Agricultura', weight: 1.5, servants: 0.8 },
  semarh: { fn: '18 - Gestão Ambiental', weight: 1.5, servants: 0.5 },
  piauiprev: { fn: '09 - Previdência Social', weight: 3, servants: 0.5, units: ['Fundo Financeiro de Previdência do Estado do Piauí'] },
  hemopi: { fn: '10 - Saúde', weight: 1.5, servants: 0.6 },
  sasc: { fn: '08 - Assistência Social', weight: 3, servants: 1, units: ['Fundo Estadual de Assistência Social - FEAS'] },
  setre: { fn: '11 - Trabalho', weight: 1.5, servants: 0.5 },
  cge: { fn: '04 - Administração', weight: 0.8, servants: 0.3 },
  sejus: { fn: '14 - Direitos da Cidadania', weight: 2.5, servants: 1.5 },
  secult: { fn: '13 - Cultura', weight: 1.2, servants: 0.4 },
  setur: { fn: '23 - Comércio e Serviços', weight: 1, servants: 0.3 },
  uespi: { fn: '12 - Educação', weight: 3, servants: 5 },
  ati: { fn: '04 - Administração', weight: 2, servants: 0.5 },
  seplan: { fn: '04 - Administração', weight: 1, servants: 0.4 },
  'der-pi': { fn: '26 - Transporte', weight: 5, servants: 1, units: ['DER-PI - Obras Rodoviárias'] },
  interpi: { fn: '21 - Organização Agrária', weight: 0.8, servants: 0.3 },
  sdr: { fn: '20 - Agricultura', weight: 2, servants: 0.5 },
  emater: { fn: '20 - Agricultura', weight: 1, servants: 0.8 },
  adh: { fn: '16 - Habitação', weight: 2, servants: 0.3 },
  iaspi: { fn: '10 - Saúde', weight: 2, servants: 0.4, units: ['Fundo de Assistência à Saúde dos Servidores - PLAMTA'] },
  sempi: { fn: '14 - Direitos da Cidadania', weight: 0.6, servants: 0.2 },
  seid: { fn: '14 - Direitos da Cidadania', weight: 0.6, servants: 0.2 },
  fapepi: { fn: '19 - Ciência e Tecnologia', weight: 0.8, servants: 0.2 },
  emgerpi: { fn: '04 - Administração', weight: 0.3, servants: 0.1 },
};
export const DEFAULT_BODY = { fn: '04 - Administração', weight: 1, servants: 0.5 };

/** Natureza da despesa, with the phrases of the commitment's history and a typical value in reais. */
export const EXPENSE_ELEMENTS: { element: string; weight: number; value: number; person: boolean; phrases: string[] }[] = [
  {
    element: '3.3.90.30 - Material de Consumo', weight: 30, value: 18_000, person: false,
    phrases: ['aquisição de material de expediente', 'aquisição de gêneros alimentícios', 'aquisição de medicamentos', 'aquisição de material de limpeza e higiene',
      'aquisição de combustível para a frota oficial', 'aquisição de material médico-hospitalar', 'aquisição de suprimentos de informática', 'aquisição de material elétrico e hidráulico',
      'aquisição de fardamento e equipamentos de proteção individual', 'aquisição de material didático'],
  },
  {
    element: '3.3.90.39 - Outros Serviços de Terceiros - Pessoa Jurídica', weight: 24, value: 45_000, person: false,
    phrases: ['contratação de serviço de manutenção predial', 'contratação de serviço de vigilância patrimonial', 'contratação de serviço de limpeza e conservação',
      'contratação de serviço de manutenção preventiva e corretiva de veículos', 'fornecimento de energia elétrica', 'fornecimento de água e esgotamento sanitário',
      'contratação de serviço de transporte escolar', 'contratação de serviço gráfico', 'contratação de serviço de locação de veículos', 'prestação de serviços de exames laboratoriais'],
  },
  {
    element: '3.3.90.40 - Serviços de Tecnologia da Informação e Comunicação - PJ', weight: 6, value: 60_000, person: false,
    phrases: ['contratação de serviço de link de dados', 'licenciamento de software de gestão', 'serviço de telefonia móvel e fixa', 'serviço de hospedagem em nuvem', 'suporte técnico a sistemas corporativos'],
  },
  {
    element: '3.3.90.37 - Locação de Mão de Obra', weight: 6, value: 120_000, person: false,
    phrases: ['locação de mão de obra terceirizada de apoio administrativo', 'locação de mão de obra de recepção e portaria', 'locação de mão de obra de motoristas', 'locação de mão de obra de copeiragem'],
  },
  {
    element: '4.4.90.51 - Obras e Instalações', weight: 4, value: 650_000, person: false,
    phrases: ['execução de obra de pavimentação asfáltica', 'reforma e ampliação de unidade escolar', 'construção de unidade básica de saúde', 'recuperação de estrada estadual',
      'construção de quadra poliesportiva coberta', 'reforma de unidade hospitalar'],
  },
  {
    element: '4.4.90.52 - Equipamentos e Material Permanente', weight: 6, value: 70_000, person: false,
    phrases: ['aquisição de equipamentos de informática', 'aquisição de mobiliário', 'aquisição de equipamentos médico-hospitalares', 'aquisição de veículos', 'aquisição de aparelhos de ar-condicionado'],
  },
  {
    element: '3.3.50.43 - Subvenções Sociais', weight: 2, value: 90_000, person: false,
    phrases: ['repasse a entidade filantrópica conveniada', 'subvenção social a associação comunitária', 'apoio financeiro a hospital filantrópico'],
  },
  {
    element: '3.3.90.36 - Outros Serviços de Terceiros - Pessoa Física', weight: 6, value: 4_000, person: true,
    phrases: ['pagamento de instrutor de curso de capacitação', 'pagamento de serviço de consultoria individual', 'pagamento de jeton a conselheiro', 'pagamento de bolsa de estágio'],
  },
  {
    element: '3.3.90.14 - Diárias - Civil', weight: 10, value: 900, person: true,
    phrases: ['pagamento de diárias para viagem a serviço ao interior do estado', 'pagamento de diárias para participação em capacitação', 'pagamento de diárias para fiscalização de obras'],
  },
  {
    element: '3.3.90.33 - Passagens e Despesas com Locomoção', weight: 3, value: 2_500, person: true,
    phrases: ['ressarcimento de despesas com locomoção', 'aquisição de passagens aéreas para servidor em missão oficial'],
  },
  {
    element: '3.3.90.93 - Indenizações e Restituições', weight: 3, value: 6_000, person: true,
    phrases: ['indenização de auxílio-transporte', 'restituição de valores recolhidos indevidamente', 'indenização de despesas com mudança de domicílio'],
  },
];

export const FUNDING_SOURCES = {
  general: ['500 - Recursos não Vinculados de Impostos', '501 - Outros Recursos não Vinculados', '700 - Outras Transferências de Convênios da União', '759 - Recursos Vinculados a Fundos'],
  education: ['540 - Transferências do FUNDEB - Impostos e Transferências de Impostos', '500 - Recursos não Vinculados de Impostos', '550 - Transferência do Salário-Educação'],
  health: ['600 - Transferências Fundo a Fundo do SUS', '500 - Recursos não Vinculados de Impostos', '621 - Transferências Fundo a Fundo do SUS - Estados'],
};

export const BIDDING_MODALITIES = ['Pregão Eletrônico', 'Pregão Eletrônico', 'Pregão Eletrônico', 'Dispensa de Licitação', 'Inexigibilidade', 'Concorrência Eletrônica', 'Adesão a Ata de Registro de Preços'];

export const COMPANY_KINDS = ['Construtora', 'Distribuidora', 'Comercial', 'Farmacêutica', 'Clínica', 'Laboratório', 'Auto Posto', 'Transportadora', 'Gráfica', 'Papelaria',
  'Tecnologia', 'Serviços de Limpeza', 'Engenharia', 'Locadora de Veículos', 'Segurança e Vigilância', 'Alimentos', 'Hospitalar', 'Consultoria', 'Editora', 'Informática',
  'Materiais de Construção', 'Combustíveis', 'Telecomunicações', 'Medicamentos', 'Instituto', 'Associação Beneficente'];
export const COMPANY_CORES = ['Parnaíba', 'Teresina', 'Poti', 'Delta', 'Capivara', 'Nordeste', 'Piauiense', 'Longá', 'Gurguéia', 'Canindé', 'Sete Cidades', 'Carnaúba',
  'Babaçu', 'Buriti', 'Mandacaru', 'Aroeira', 'Ipê', 'Jatobá', 'Cajuína', 'Sol Nascente', 'Horizonte', 'Progresso', 'Meio-Norte', 'São José', 'Santa Maria', 'Alvorada',
  'Planalto', 'Boa Esperança', 'Oeiras', 'Cocais', 'Serra Vermelha', 'Uruçuí', 'Chapada', 'Litoral', 'Cerrado', 'Veredas'];
export const COMPANY_SUFFIXES = ['Ltda', 'Ltda', 'Ltda', 'Eireli', 'S.A.', 'ME', 'EPP'];

export const FIRST_NAMES = ['Maria', 'José', 'Ana', 'João', 'Francisca', 'Antônio', 'Antônia', 'Francisco', 'Raimunda', 'Raimundo', 'Luzia', 'Paulo', 'Juliana', 'Carlos',
  'Fernanda', 'Pedro', 'Patrícia', 'Marcos', 'Aline', 'Lucas', 'Camila', 'Rafael', 'Letícia', 'Gabriel', 'Vanessa', 'Luís', 'Adriana', 'Sebastião', 'Cláudia', 'Manoel',
  'Rosângela', 'Edson', 'Simone', 'Jorge', 'Daniela', 'Ricardo', 'Larissa', 'Thiago', 'Beatriz', 'Mateus', 'Conceição', 'Valdir', 'Iracema', 'Benedito', 'Teresa', 'Júlio',
  'Socorro', 'Wellington', 'Gilvan', 'Lívia'];
export const SURNAMES = ['Silva', 'Sousa', 'Santos', 'Oliveira', 'Pereira', 'Lima', 'Carvalho', 'Ferreira', 'Rodrigues', 'Almeida', 'Costa', 'Gomes', 'Ribeiro', 'Martins',
  'Araújo', 'Barbosa', 'Nascimento', 'Moura', 'Rocha', 'Alves', 'Castelo Branco', 'Portela', 'Nunes', 'Mendes', 'Batista', 'Freitas', 'Cardoso', 'Teixeira', 'Melo',
  'Monteiro', 'Brito', 'Leal', 'Sampaio', 'Fontenele', 'Rêgo', 'Viana', 'Campelo', 'Nogueira', 'Bezerra', 'Holanda', 'Coelho', 'Paz', 'Dantas', 'Veras', 'Marques'];

export const CITIES = ['Teresina', 'Teresina', 'Teresina', 'Teresina', 'Parnaíba', 'Picos', 'Floriano', 'Piripiri', 'Campo Maior', 'Barras', 'União', 'Altos', 'Pedro II', 'Oeiras',
  'São Raimundo Nonato', 'Bom Jesus', 'Corrente', 'Uruçuí', 'Esperantina', 'José de Freitas', 'Valença do Piauí', 'Luís Correia'];
export const OUT_OF_STATE_CITIES = [['Fortaleza', 'CE'], ['São Luís', 'MA'], ['Recife', 'PE'], ['Brasília', 'DF'], ['São Paulo', 'SP'], ['Timon', 'MA'], ['Goiânia', 'GO']] as const;

/** Positions (cargos) by state body, with a monthly base pay in reais. '*' is every other body. */
export const POSITIONS: Record<string, [string, number][]> = {
  seduc: [['Professor(a) de Educação Básica', 4_870], ['Professor(a) de Educação Básica', 4_870], ['Professor(a) de Educação Básica', 4_870], ['Agente Técnico de Serviços', 2_100], ['Pedagogo(a)', 5_200]],
  sesapi: [['Técnico(a) de Enfermagem', 2_600], ['Enfermeiro(a)', 5_100], ['Médico(a)', 11_500], ['Farmacêutico(a)', 5_100], ['Agente Administrativo', 2_300]],
  hemopi: [['Técnico(a) de Laboratório', 2_700], ['Biomédico(a)', 5_000], ['Médico(a) Hematologista', 11_500]],
  pmpi: [['Soldado PM', 4_600], ['Soldado PM', 4_600], ['Cabo PM', 5_300], ['Sargento PM', 6_400], ['Tenente PM', 9_800], ['Capitão PM', 12_300]],
  cbmepi: [['Soldado BM', 4_600], ['Cabo BM', 5_300], ['Sargento BM', 6_400], ['Tenente BM', 9_800]],
  'policia-civil': [['Agente de Polícia Civil', 6_900], ['Escrivão(ã) de Polícia Civil', 6_900], ['Delegado(a) de Polícia Civil', 19_500], ['Perito(a) Criminal', 12_000]],
  sefaz: [['Auditor(a) Fiscal da Fazenda Estadual', 21_000], ['Técnico(a) da Fazenda Estadual', 7_600], ['Agente Administrativo', 2_300]],
  uespi: [['Professor(a) Universitário(a)', 9_400], ['Professor(a) Universitário(a)', 9_400], ['Técnico(a) de Nível Superior', 4_300]],
  'detran-pi': [['Agente de Trânsito', 3_900], ['Examinador(a) de Trânsito', 3_900], ['Agente Administrativo', 2_300]],
  '*': [['Agente Administrativo', 2_300], ['Analista Administrativo', 4_300], ['Técnico(a) de Nível Superior', 4_300], ['Assessor(a) Técnico(a)', 5_500], ['Motorista', 1_900],
    ['Diretor(a) de Unidade', 8_500]],
};

/** Vínculos with their weights. */
export const BONDS: [string, number][] = [['Efetivo', 75], ['Temporário', 12], ['Comissionado', 8], ['Efetivo/Comissionado', 5]];

export const TENDER_STATUSES = ['Homologada', 'Homologada', 'Homologada', 'Homologada', 'Deserta', 'Fracassada', 'Revogada', 'Suspensa'];
export const TENDER_MODALITIES = ['Pregão Eletrônico', 'Pregão Eletrônico', 'Pregão Eletrônico', 'Pregão Eletrônico', 'Concorrência Eletrônica', 'Dispensa Eletrônica', 'Inexigibilidade',
  'Credenciamento', 'Leilão'];
export const DOCUMENT_KINDS = ['Contrato', 'Contrato', 'Contrato', 'Contrato', 'Termo Aditivo', 'Termo Aditivo', 'Convênio', 'Ata de Registro de Preços'];

/** Revenue natures with their yearly amount in reais (Piauí collects about R$ 22 billion a year). */
export const REVENUE_NATURES: { code: string; nature: string; yearly: number; season?: number[] }[] = [
  { code: '1.1.1.4.50.1.1', nature: 'ICMS - Imposto sobre Circulação de Mercadorias e Serviços', yearly: 8_200_000_000 },
  { code: '1.1.1.2.51.0.1', nature: 'IPVA - Imposto sobre a Propriedade de Veículos Automotores', yearly: 720_000_000, season: [3, 2.5, 2, 0.6, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.4] },
  { code: '1.1.1.2.52.0.1', nature: 'ITCMD - Imposto sobre Transmissão Causa Mortis e Doação', yearly: 110_000_000 },
  { code: '1.1.1.3.03.1.1', nature: 'IRRF - Imposto de Renda Retido na Fonte', yearly: 1_300_000_000 },
  { code: '1.1.2.1.01.0.1', nature: 'Taxas pelo Exercício do Poder de Polícia', yearly: 260_000_000 },
  { code: '1.7.1.1.50.1.1', nature: 'FPE - Cota-Parte do Fundo de Participação dos Estados', yearly: 7_600_000_000 },
  { code: '1.7.1.5.00.1.1', nature: 'Transferências do FUNDEB', yearly: 2_400_000_000 },
  { code: '1.7.1.6.00.1.1', nature: 'Transferências do SUS - Fundo a Fundo', yearly: 1_150_000_000 },
  { code: '1.7.1.1.52.0.1', nature: 'Cota-Parte do IPI - Exportação', yearly: 18_000_000 },
  { code: '1.7.1.8.02.1.1', nature: 'Cota-Parte da Contribuição de Intervenção no Domínio Econômico - CIDE', yearly: 24_000_000 },
  { code: '1.3.2.1.00.1.1', nature: 'Remuneração de Depósitos Bancários', yearly: 380_000_000 },
  { code: '1.9.2.2.00.1.1', nature: 'Restituições e Indenizações', yearly: 95_000_000 },
];
