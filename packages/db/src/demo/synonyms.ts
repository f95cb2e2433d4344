// What citizens type (lower-case, no accents) → words found in official service titles.

export const synonyms: { term: string; expansion: string }[] = [
  // Documentos e identificação
  { term: 'rg', expansion: 'carteira de identidade' },
  { term: 'cin', expansion: 'carteira de identidade nacional' },
  { term: 'identidade', expansion: 'carteira de identidade' },
  { term: 'nada consta', expansion: 'certidão de antecedentes criminais' },
  { term: 'antecedentes', expansion: 'certidão de antecedentes criminais' },

  // Trânsito e veículos
  { term: 'carteira de motorista', expansion: 'cnh' },
  { term: 'habilitacao', expansion: 'cnh carteira nacional de habilitação' },
  { term: 'cnh', expansion: 'carteira nacional de habilitação' },
  { term: 'detran', expansion: 'trânsito veículo' },
  { term: 'licenciamento', expansion: 'crlv licenciamento anual de veículo' },
  { term: 'crlv', expansion: 'certificado de registro e licenciamento de veículo' },
  { term: 'transferencia de carro', expansion: 'transferência de propriedade de veículo' },
  { term: 'multa', expansion: 'infração de trânsito' },
  { term: 'recurso de multa', expansion: 'defesa de autuação recurso jari' },

  // Impostos, tributos e nota fiscal
  { term: 'ipva', expansion: 'imposto sobre a propriedade de veículos automotores' },
  { term: 'icms', expansion: 'imposto sobre circulação de mercadorias e serviços' },
  { term: 'itcmd', expansion: 'imposto sobre transmissão causa mortis e doação' },
  { term: 'boleto', expansion: 'dar documento de arrecadação' },
  { term: 'dae', expansion: 'documento de arrecadação estadual' },
  { term: 'cnd', expansion: 'certidão negativa de débitos' },
  { term: 'nota fiscal', expansion: 'nf-e nfc-e nota fiscal eletrônica' },
  { term: 'nfa', expansion: 'nota fiscal avulsa' },
  { term: 'ie', expansion: 'inscrição estadual' },
  { term: 'parcelar divida', expansion: 'parcelamento de débitos' },
  { term: 'divida ativa', expansion: 'débitos inscritos em dívida ativa' },

  // Empresas e empreendedorismo
  { term: 'cnpj', expansion: 'abertura de empresa' },
  { term: 'abrir empresa', expansion: 'abertura de empresa registro' },
  { term: 'fechar empresa', expansion: 'baixa de empresa extinção' },
  { term: 'junta comercial', expansion: 'jucepi registro de empresa' },
  { term: 'mei', expansion: 'microempreendedor individual' },
  { term: 'alvara', expansion: 'licença de funcionamento' },
  { term: 'avcb', expansion: 'certificado de vistoria do corpo de bombeiros' },

  // Educação
  { term: 'matricula', expansion: 'matrícula escolar rede estadual' },
  { term: 'boletim', expansion: 'boletim escolar notas' },
  { term: 'historico escolar', expansion: 'histórico escolar declaração' },
  { term: 'diploma', expansion: 'certificado de conclusão diploma' },
  { term: 'vestibular', expansion: 'processo seletivo uespi' },
  { term: 'eja', expansion: 'educação de jovens e adultos' },

  // Saúde
  { term: 'remedio', expansion: 'medicamentos' },
  { term: 'remedio de alto custo', expansion: 'medicamentos especializados' },
  { term: 'consulta', expansion: 'regulação consulta especializada' },
  { term: 'exame', expansion: 'regulação exames' },
  { term: 'sangue', expansion: 'doação hemopi' },
  { term: 'doar sangue', expansion: 'doação de sangue hemopi' },
  { term: 'plano de saude', expansion: 'plamta iaspi' },
  { term: 'plamta', expansion: 'iaspi plano de assistência à saúde' },

  // Segurança pública
  { term: 'bo', expansion: 'boletim de ocorrência' },
  { term: 'b.o.', expansion: 'boletim de ocorrência' },
  { term: 'delegacia', expansion: 'polícia civil boletim de ocorrência' },
  { term: 'roubo', expansion: 'boletim de ocorrência furto roubo' },
  { term: 'denuncia', expansion: 'denúncia ouvidoria' },
  { term: 'violencia domestica', expansion: 'violência contra a mulher medida protetiva' },
  { term: 'maria da penha', expansion: 'violência contra a mulher medida protetiva' },

  // Previdência e servidores
  { term: 'aposentado', expansion: 'prova de vida piauiprev' },
  { term: 'aposentadoria', expansion: 'aposentadoria piauiprev previdência' },
  { term: 'recadastramento', expansion: 'prova de vida' },
  { term: 'pensao', expansion: 'pensão por morte piauiprev' },
  { term: 'ctc', expansion: 'certidão de tempo de contribuição' },
  { term: 'holerite', expansion: 'contracheque' },
  { term: 'concurso', expansion: 'concurso público seleção' },
  { term: 'licenca medica', expansion: 'perícia médica licença para tratamento de saúde' },

  // Trabalho e emprego
  { term: 'emprego', expansion: 'sine vagas' },
  { term: 'seguro desemprego', expansion: 'seguro-desemprego sine' },
  { term: 'carteira de trabalho', expansion: 'ctps carteira de trabalho digital' },
  { term: 'curso', expansion: 'qualificação profissional' },

  // Assistência social e inclusão
  { term: 'tea', expansion: 'autismo transtorno do espectro autista' },
  { term: 'autismo', expansion: 'tea' },
  { term: 'ciptea', expansion: 'carteira de identificação da pessoa com transtorno do espectro autista' },
  { term: 'pcd', expansion: 'pessoa com deficiência' },
  { term: 'libras', expansion: 'central de interpretação de libras surdos' },
  { term: 'cadunico', expansion: 'cadastro único' },
  { term: 'cad unico', expansion: 'cadastro único cadúnico' },
  { term: 'bolsa familia', expansion: 'cadastro único transferência de renda' },
  { term: 'passe livre', expansion: 'gratuidade transporte intermunicipal' },

  // Agropecuária e meio ambiente
  { term: 'gta', expansion: 'guia de trânsito animal' },
  { term: 'vacina do gado', expansion: 'vacinação de rebanho febre aftosa brucelose' },
  { term: 'car', expansion: 'cadastro ambiental rural' },
  { term: 'licenca ambiental', expansion: 'licenciamento ambiental' },
  { term: 'poco', expansion: 'outorga de uso de recursos hídricos' },
  { term: 'outorga', expansion: 'outorga de direito de uso da água' },
  { term: 'agricultor', expansion: 'agricultura familiar emater' },
  { term: 'dap', expansion: 'caf cadastro nacional da agricultura familiar' },
  { term: 'titulo de terra', expansion: 'regularização fundiária interpi' },

  // Ouvidoria, transparência, habitação, cultura e tecnologia
  { term: 'reclamacao', expansion: 'ouvidoria manifestação' },
  { term: 'ouvidoria', expansion: 'manifestação reclamação denúncia elogio sugestão' },
  { term: 'lai', expansion: 'lei de acesso à informação' },
  { term: 'transparencia', expansion: 'portal da transparência' },
  { term: 'casa propria', expansion: 'habitação moradia' },
  { term: 'estrada', expansion: 'rodovia estadual der' },
  { term: 'edital cultura', expansion: 'edital de fomento à cultura' },
  { term: 'artista', expansion: 'cadastro de artistas e agentes culturais' },
  { term: 'bolsa de pesquisa', expansion: 'bolsa fapepi edital' },

  // Said in the citizen's own words (issue 25's relevance cases, the tuned part): what the catalog calls it
  { term: 'sumiu', expansion: 'pessoa desaparecida' },
  { term: 'sumida', expansion: 'pessoa desaparecida' },
  { term: 'sumido', expansion: 'pessoa desaparecida' },
  { term: 'desapareceu', expansion: 'pessoa desaparecida' },
  { term: 'maus tratos', expansion: 'violação de direitos' },
  { term: 'de graca', expansion: 'gratuito' },
  { term: 'gratis', expansion: 'gratuito' },
  { term: 'onibus', expansion: 'transporte' },
  { term: 'comida', expansion: 'alimentos' },
  { term: 'arvores', expansion: 'supressão de vegetação' },
  { term: 'cortar arvores', expansion: 'supressão de vegetação' },
  { term: 'moro na rua', expansion: 'situação de rua' },
  { term: 'morador de rua', expansion: 'situação de rua' },
  { term: 'trabalho no estado', expansion: 'vínculo funcional' },
  { term: 'aposentar', expansion: 'aposentadoria' },
  { term: 'renovar rg', expansion: 'carteira de identidade segunda via' },
  { term: 'renovar identidade', expansion: 'carteira de identidade segunda via' },
  { term: 'lanchonete', expansion: 'empresa' },
  { term: 'comercio', expansion: 'empresa' },
];
