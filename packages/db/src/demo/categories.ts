import type { DemoCategory } from './types.ts';

export const categories: DemoCategory[] = [
  // Audience categories: they list services by `targets`, never by `category`.
  {
    slug: 'servicos-ao-cidadao',
    name: 'Serviços ao Cidadão',
    description:
      'Todos os serviços do Governo do Piauí voltados para você, cidadão: documentos, saúde, educação, trânsito, assistência social e muito mais, reunidos em um só lugar.',
    icon: 'users',
    corhex: '#1351B4',
    orderIndex: 1,
    audience: 'cidadao',
  },
  {
    slug: 'servidor-publico',
    name: 'Servidor Público',
    description:
      'Serviços para servidores ativos, aposentados e pensionistas do Estado: contracheque, férias, licenças, previdência e plano de saúde.',
    icon: 'briefcase',
    corhex: '#5B3E96',
    orderIndex: 2,
    audience: 'servidor',
  },
  {
    slug: 'negocios-e-empresas',
    name: 'Negócios e Empresas',
    description:
      'Serviços para quem empreende no Piauí: abertura e registro de empresas, inscrição estadual, nota fiscal, licenças e obrigações tributárias.',
    icon: 'building-2',
    corhex: '#0B6E4F',
    orderIndex: 3,
    audience: 'empresa',
    aliases: ['empresas'],
  },

  // Topical categories: each service belongs to exactly one of these.
  {
    slug: 'documentos-e-identificacao',
    name: 'Documentos e Identificação',
    description:
      'Emissão da Carteira de Identidade Nacional, segunda via de documentos e certidões. Saiba onde e como solicitar sem sair de casa ou em um posto de atendimento.',
    icon: 'id-card',
    corhex: '#2E5C8A',
    orderIndex: 4,
  },
  {
    slug: 'transito-e-veiculos',
    name: 'Trânsito e Veículos',
    description:
      'Carteira de habilitação, licenciamento, transferência de veículos, multas e recursos. Serviços do DETRAN-PI e do trânsito estadual.',
    icon: 'car',
    corhex: '#B3261E',
    orderIndex: 5,
  },
  {
    slug: 'impostos-e-tributos',
    name: 'Impostos, Tributos e Nota Fiscal',
    description:
      'IPVA, ICMS, ITCMD, emissão de DAR, certidões negativas e nota fiscal. Consulte e regularize sua situação com a Fazenda Estadual.',
    icon: 'receipt',
    corhex: '#8A5A00',
    orderIndex: 6,
  },
  {
    slug: 'educacao',
    name: 'Educação',
    description:
      'Matrícula na rede estadual, boletim escolar, declarações, diplomas e acesso à universidade estadual. Serviços para estudantes, famílias e professores.',
    icon: 'graduation-cap',
    corhex: '#6A1B9A',
    orderIndex: 7,
  },
  {
    slug: 'saude',
    name: 'Saúde',
    description:
      'Medicamentos especializados, regulação de consultas e exames, doação de sangue e vigilância em saúde. Encontre o atendimento da rede estadual mais perto de você.',
    icon: 'heart-pulse',
    corhex: '#C2185B',
    orderIndex: 8,
  },
  {
    slug: 'seguranca-publica',
    name: 'Segurança Pública',
    description:
      'Boletim de ocorrência, certidão de antecedentes criminais, denúncias e serviços das polícias e do Corpo de Bombeiros.',
    icon: 'shield',
    corhex: '#1F3A5F',
    orderIndex: 9,
  },
  {
    slug: 'previdencia',
    name: 'Previdência e Aposentadoria',
    description:
      'Aposentadoria, pensão, prova de vida e certidão de tempo de contribuição dos servidores estaduais, com atendimento da Fundação Piauí Previdência.',
    icon: 'piggy-bank',
    corhex: '#00695C',
    orderIndex: 10,
  },
  {
    slug: 'trabalho-e-emprego',
    name: 'Trabalho, Emprego e Renda',
    description:
      'Vagas de emprego, seguro-desemprego, carteira de trabalho e cursos de qualificação profissional oferecidos pelo SINE Piauí.',
    icon: 'hard-hat',
    corhex: '#A34700',
    orderIndex: 11,
  },
  {
    slug: 'empreendedorismo',
    name: 'Empreendedorismo e Registro de Empresas',
    description:
      'Abertura, alteração e baixa de empresas na Junta Comercial, apoio ao microempreendedor e crédito para pequenos negócios.',
    icon: 'store',
    corhex: '#7B3F00',
    orderIndex: 12,
  },
  {
    slug: 'meio-ambiente',
    name: 'Meio Ambiente e Recursos Hídricos',
    description:
      'Licenciamento ambiental, outorga de uso da água, autorizações florestais e denúncias de crimes ambientais.',
    icon: 'leaf',
    corhex: '#2E7D32',
    orderIndex: 13,
  },
  {
    slug: 'agropecuaria',
    name: 'Agropecuária e Defesa Animal e Vegetal',
    description:
      'Guia de trânsito animal, vacinação de rebanhos, cadastro de propriedades rurais, assistência técnica e apoio à agricultura familiar.',
    icon: 'wheat',
    corhex: '#6B5B00',
    orderIndex: 14,
  },
  {
    slug: 'assistencia-social',
    name: 'Assistência Social e Direitos Humanos',
    description:
      'Programas de transferência de renda, apoio a pessoas com deficiência, proteção às mulheres e defesa dos direitos humanos.',
    icon: 'hand-heart',
    corhex: '#A2395B',
    orderIndex: 15,
  },
  {
    slug: 'ouvidoria-e-transparencia',
    name: 'Ouvidoria, Transparência e Controle',
    description:
      'Registre reclamações, denúncias, sugestões e elogios, peça acesso à informação e acompanhe como o dinheiro público é aplicado.',
    icon: 'megaphone',
    corhex: '#37474F',
    orderIndex: 16,
  },
  {
    slug: 'cultura-esporte-e-turismo',
    name: 'Cultura, Esporte e Turismo',
    description:
      'Editais de cultura, cadastro de artistas, museus, eventos e informações para conhecer os destinos turísticos do Piauí.',
    icon: 'palette',
    corhex: '#BF360C',
    orderIndex: 17,
  },
  {
    slug: 'habitacao-e-infraestrutura',
    name: 'Habitação, Cidades e Infraestrutura',
    description:
      'Programas de moradia, regularização fundiária, estradas estaduais e obras de infraestrutura nos municípios piauienses.',
    icon: 'house',
    corhex: '#5D4037',
    orderIndex: 18,
  },
  {
    slug: 'gestao-publica',
    name: 'Gestão Pública e Servidores',
    description:
      'Concursos, vida funcional, contracheque, diárias e serviços administrativos do Governo do Estado.',
    icon: 'landmark',
    corhex: '#283593',
    orderIndex: 19,
  },
  {
    slug: 'ciencia-e-tecnologia',
    name: 'Ciência, Tecnologia e Inovação',
    description:
      'Bolsas e editais de pesquisa, apoio à inovação e serviços digitais do Governo do Piauí.',
    icon: 'cpu',
    corhex: '#00727D',
    orderIndex: 20,
  },
];
