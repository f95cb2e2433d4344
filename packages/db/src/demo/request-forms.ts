import type { RequestFormInput } from '@portal/contracts';

// The request forms of the demo (issue 27): services of SEFAZ, DETRAN-PI and SEDUC that a citizen requests in the
// portal, as a department's editor would build them in the back office. Each is checked by the contracts'
// RequestForm schema when the demo loads. `deadlineDays`: the business days the department promises an answer in.

const DOCS = ['application/pdf', 'image/jpeg', 'image/png'] as const;
const DECLARATION = 'Declaro, sob as penas da lei (art. 299 do Código Penal), que as informações prestadas são verdadeiras e que os documentos enviados são autênticos.';

const plate = { id: 'placa', kind: 'texto', label: 'Placa do veículo', hint: 'Como no documento do veículo, por exemplo PIA1B23.', max: 8 } as const;
const renavam = { id: 'renavam', kind: 'texto', label: 'Renavam', hint: 'Os 11 números do Renavam, no documento do veículo (CRLV).', min: 9, max: 11 } as const;

export const DEMO_REQUEST_FORMS: Record<string, { deadlineDays: number; form: RequestFormInput }> = {
  'isencao-de-ipva-para-pessoa-com-deficiencia': {
    deadlineDays: 30,
    form: {
      intro: 'Você vai precisar dos dados do veículo, do laudo médico que atesta a deficiência (em PDF ou foto) e, se outra pessoa dirige o veículo, do CPF dela.',
      pages: [
        { id: 'veiculo', title: 'O veículo', questions: [plate, renavam, { id: 'adaptado', kind: 'sim_nao', label: 'O veículo é adaptado?' }] },
        {
          id: 'condutor',
          title: 'Quem dirige o veículo',
          questions: [
            {
              id: 'quem_dirige',
              kind: 'escolha',
              label: 'Quem dirige o veículo?',
              options: [
                { value: 'eu', label: 'Eu mesmo(a), a pessoa com deficiência' },
                { value: 'outra', label: 'Outra pessoa, que conduz por mim' },
              ],
            },
            { id: 'cpf_condutor', kind: 'cpf', label: 'CPF de quem dirige', condition: { question: 'quem_dirige', equals: ['outra'] } },
            { id: 'nome_condutor', kind: 'texto', label: 'Nome de quem dirige', max: 120, condition: { question: 'quem_dirige', equals: ['outra'] } },
          ],
        },
        {
          id: 'laudo',
          title: 'Laudo médico',
          questions: [
            { id: 'laudo_medico', kind: 'arquivo', label: 'Laudo médico', hint: 'Emitido há menos de um ano, com o CID e a assinatura do médico. PDF, JPEG ou PNG, até 10 MB.', accept: [...DOCS], maxSizeMb: 10 },
            { id: 'observacoes', kind: 'texto_longo', label: 'Algo mais que a SEFAZ deva saber?', required: false, max: 2000 },
          ],
        },
      ],
      declaration: DECLARATION,
    },
  },
  'isencao-de-ipva-para-taxistas': {
    deadlineDays: 20,
    form: {
      intro: 'Tenha à mão a placa do táxi e o alvará de taxista da prefeitura (PDF ou foto).',
      pages: [
        { id: 'veiculo', title: 'O táxi', questions: [plate, renavam, { id: 'municipio', kind: 'texto', label: 'Município onde o táxi trabalha', max: 80 }] },
        { id: 'alvara', title: 'Alvará', questions: [{ id: 'alvara', kind: 'arquivo', label: 'Alvará de taxista em vigor', accept: [...DOCS], maxSizeMb: 10 }] },
      ],
      declaration: DECLARATION,
    },
  },
  'certidao-negativa-de-debitos-estaduais': {
    deadlineDays: 5,
    form: {
      intro: 'A certidão sai em nome de quem pede ou de uma empresa da qual você é responsável.',
      pages: [
        {
          id: 'para_quem',
          title: 'Em nome de quem',
          questions: [
            {
              id: 'em_nome_de',
              kind: 'escolha',
              label: 'A certidão é em nome de quem?',
              options: [
                { value: 'pessoa', label: 'Em meu nome (pessoa física)' },
                { value: 'empresa', label: 'De uma empresa (pessoa jurídica)' },
              ],
            },
            { id: 'cnpj', kind: 'cnpj', label: 'CNPJ da empresa', condition: { question: 'em_nome_de', equals: ['empresa'] } },
            { id: 'finalidade', kind: 'texto', label: 'Para que você precisa da certidão?', hint: 'Por exemplo: licitação, financiamento, venda de imóvel.', max: 200 },
          ],
        },
      ],
      declaration: DECLARATION,
    },
  },
  'certidao-de-debitos-de-ipva-do-veiculo': {
    deadlineDays: 5,
    form: { pages: [{ id: 'veiculo', title: 'O veículo', questions: [plate, renavam] }], declaration: DECLARATION },
  },
  'segunda-via-da-cnh': {
    deadlineDays: 10,
    form: {
      intro: 'A nova via é entregue no endereço que você informar. Em caso de roubo ou furto, tenha o boletim de ocorrência.',
      pages: [
        {
          id: 'motivo',
          title: 'Por que você precisa de outra via',
          questions: [
            {
              id: 'motivo',
              kind: 'escolha',
              label: 'O que aconteceu com a sua CNH?',
              options: [
                { value: 'perda', label: 'Perdi' },
                { value: 'roubo', label: 'Foi roubada ou furtada' },
                { value: 'dano', label: 'Está danificada' },
              ],
            },
          ],
        },
        {
          id: 'ocorrencia',
          title: 'Boletim de ocorrência',
          condition: { question: 'motivo', equals: ['roubo'] },
          questions: [{ id: 'boletim', kind: 'arquivo', label: 'Boletim de ocorrência', hint: 'Registrado na delegacia ou na Delegacia Virtual. PDF ou foto.', accept: [...DOCS], maxSizeMb: 10 }],
        },
        { id: 'entrega', title: 'Onde entregar', questions: [{ id: 'cep', kind: 'cep', label: 'CEP' }, { id: 'endereco', kind: 'texto', label: 'Endereço, número e complemento', max: 200 }] },
      ],
      declaration: DECLARATION,
    },
  },
  'mudanca-de-categoria-da-cnh': {
    deadlineDays: 30,
    form: {
      pages: [
        {
          id: 'categoria',
          title: 'A categoria que você quer',
          questions: [
            {
              id: 'categoria',
              kind: 'escolha',
              label: 'Para qual categoria?',
              options: [
                { value: 'c', label: 'C (caminhões)' },
                { value: 'd', label: 'D (ônibus e vans)' },
                { value: 'e', label: 'E (carretas)' },
              ],
            },
            { id: 'autoescola', kind: 'texto', label: 'Autoescola onde fará as aulas', required: false, max: 120 },
          ],
        },
      ],
      declaration: DECLARATION,
    },
  },
  'baixa-de-veiculo': {
    deadlineDays: 20,
    form: {
      intro: 'A baixa é definitiva. Tenha as fotos das placas e dos recortes do chassi e do motor.',
      pages: [
        {
          id: 'veiculo',
          title: 'O veículo',
          questions: [
            plate,
            renavam,
            {
              id: 'motivo',
              kind: 'escolha',
              label: 'Motivo da baixa',
              options: [
                { value: 'sinistro', label: 'Perda total (acidente, incêndio, enchente)' },
                { value: 'sucata', label: 'Desmonte ou sucata' },
                { value: 'outro', label: 'Outro' },
              ],
            },
          ],
        },
        { id: 'fotos', title: 'Fotos', questions: [{ id: 'fotos_recortes', kind: 'arquivo', label: 'Fotos das placas e dos recortes', accept: ['image/jpeg', 'image/png', 'application/pdf'], maxSizeMb: 15 }] },
      ],
      declaration: DECLARATION,
    },
  },
  'alteracao-de-caracteristicas-do-veiculo': {
    deadlineDays: 30,
    form: {
      pages: [
        {
          id: 'alteracao',
          title: 'A alteração',
          questions: [
            plate,
            {
              id: 'alteracoes',
              kind: 'escolhas',
              label: 'O que você quer alterar?',
              options: [
                { value: 'cor', label: 'Cor' },
                { value: 'combustivel', label: 'Combustível (kit gás)' },
                { value: 'carroceria', label: 'Carroceria' },
                { value: 'suspensao', label: 'Suspensão' },
              ],
            },
            { id: 'descricao', kind: 'texto_longo', label: 'Descreva a alteração', max: 2000 },
          ],
        },
      ],
      declaration: DECLARATION,
    },
  },
  'comunicacao-de-venda-de-veiculo': {
    deadlineDays: 5,
    form: {
      intro: 'Comunique a venda em até 30 dias: até lá, multas e débitos do veículo continuam em seu nome.',
      pages: [
        { id: 'veiculo', title: 'O veículo', questions: [plate, renavam, { id: 'data_venda', kind: 'data', label: 'Data da venda' }] },
        {
          id: 'comprador',
          title: 'Quem comprou',
          questions: [
            { id: 'cpf_comprador', kind: 'cpf', label: 'CPF de quem comprou' },
            { id: 'nome_comprador', kind: 'texto', label: 'Nome de quem comprou', max: 120 },
            { id: 'recibo', kind: 'arquivo', label: 'Recibo de compra e venda (CRV) assinado e reconhecido', accept: [...DOCS], maxSizeMb: 10 },
          ],
        },
      ],
      declaration: DECLARATION,
    },
  },
  'matricula-na-rede-estadual': {
    deadlineDays: 15,
    form: {
      intro: 'Faça a pré-matrícula do estudante. A escola confirma a vaga e diz quando levar os documentos originais.',
      pages: [
        {
          id: 'estudante',
          title: 'O estudante',
          questions: [
            { id: 'nome_estudante', kind: 'texto', label: 'Nome completo do estudante', max: 120 },
            { id: 'nascimento_estudante', kind: 'data', label: 'Data de nascimento do estudante' },
            {
              id: 'serie',
              kind: 'escolha',
              label: 'Série pretendida',
              options: [
                { value: 'ef6', label: '6º ano do ensino fundamental' },
                { value: 'ef7', label: '7º ano do ensino fundamental' },
                { value: 'ef8', label: '8º ano do ensino fundamental' },
                { value: 'ef9', label: '9º ano do ensino fundamental' },
                { value: 'em1', label: '1ª série do ensino médio' },
                { value: 'em2', label: '2ª série do ensino médio' },
                { value: 'em3', label: '3ª série do ensino médio' },
              ],
            },
          ],
        },
        {
          id: 'escola',
          title: 'A escola',
          questions: [
            { id: 'escola', kind: 'texto', label: 'Escola que você prefere', hint: 'O nome e o município. Se não houver vaga, a SEDUC indica a mais próxima.', max: 160 },
            { id: 'necessidade', kind: 'sim_nao', label: 'O estudante tem deficiência ou precisa de atendimento especializado?' },
            { id: 'necessidade_descricao', kind: 'texto_longo', label: 'Conte o que o estudante precisa', max: 2000, condition: { question: 'necessidade', equals: ['sim'] } },
          ],
        },
        { id: 'documentos', title: 'Comprovante', questions: [{ id: 'comprovante_residencia', kind: 'arquivo', label: 'Comprovante de residência', accept: [...DOCS], maxSizeMb: 5 }] },
      ],
      declaration: DECLARATION,
    },
  },
  'historico-escolar': {
    deadlineDays: 15,
    form: {
      pages: [
        {
          id: 'estudo',
          title: 'Onde você estudou',
          questions: [
            { id: 'escola', kind: 'texto', label: 'Escola onde concluiu', max: 160 },
            { id: 'ano_conclusao', kind: 'numero', label: 'Ano de conclusão', min: 1950, max: 2100 },
            {
              id: 'entrega',
              kind: 'escolha',
              label: 'Como quer receber o histórico?',
              options: [
                { value: 'digital', label: 'Documento digital, aqui no portal' },
                { value: 'escola', label: 'Retirar na escola' },
              ],
            },
          ],
        },
      ],
      declaration: DECLARATION,
    },
  },
  'transporte-escolar': {
    deadlineDays: 10,
    form: {
      pages: [
        {
          id: 'estudante',
          title: 'O estudante e o trajeto',
          questions: [
            { id: 'nome_estudante', kind: 'texto', label: 'Nome completo do estudante', max: 120 },
            { id: 'escola', kind: 'texto', label: 'Escola', max: 160 },
            { id: 'cep', kind: 'cep', label: 'CEP de casa' },
            { id: 'distancia', kind: 'numero', label: 'Distância de casa até a escola, em km', min: 0, max: 200 },
            { id: 'telefone', kind: 'telefone', label: 'Telefone para a escola falar com você', required: false },
          ],
        },
      ],
      declaration: DECLARATION,
    },
  },
};
