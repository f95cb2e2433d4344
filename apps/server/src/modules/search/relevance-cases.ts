// Relevance cases of issue 25, written from the demo catalog (packages/db/src/demo) before the search was tuned
// against them. Two parts: TUNING, which the ranking and the confidence rule were adjusted on, and HELD_OUT,
// which nobody tunes on: its figures say how the search does on queries it was not fitted to. Read by
// honest-search.test.ts (a floor on each part) and bench/relevance.ts (the figures in bench/README.md).
//
// An answerable case is right at rank 1 when the first result is one of `slugs` (or, for department and
// audience intent, is of that department or for that audience), in the top 3 when one of the first three is.
// A case of the kind 'elsewhere' asks for something no state service provides: it is answered as such when no
// result says it answers the query; `bestBet` names the provider the answer should point to.

import type { SearchItem } from '@portal/contracts';
import type { App } from '../../app.ts';

export type Kind = 'colloquial' | 'typo' | 'popular' | 'fragment' | 'intent' | 'elsewhere' | 'adversarial';

export interface Case {
  query: string;
  kind: Kind;
  /** acceptable answers (any of them) */
  slugs?: string[];
  /** department intent: a result of one of these departments is right */
  departments?: string[];
  /** audience intent: a result for this audience is right */
  audience?: 'cidadao' | 'servidor' | 'empresa';
  /** no state service answers this: the API must say so */
  elsewhere?: true;
  /** the best bet's provider expected for an 'elsewhere' case (a word of its provider's name) */
  bestBet?: string;
}

const CIN = ['carteira-de-identidade-primeira-via', 'carteira-de-identidade-segunda-via'];
const CNH = ['renovacao-da-cnh', 'primeira-habilitacao', 'segunda-via-da-cnh', 'cnh-definitiva', 'consulta-de-pontuacao-da-cnh', 'mudanca-de-categoria-da-cnh', 'adicao-de-categoria-da-cnh', 'cnh-social'];

export const TUNING: Case[] = [
  // colloquial questions and task phrasing
  { kind: 'colloquial', query: 'como tirar a segunda via do rg', slugs: ['carteira-de-identidade-segunda-via'] },
  { kind: 'colloquial', query: 'quero renovar minha carteira de motorista', slugs: ['renovacao-da-cnh'] },
  { kind: 'colloquial', query: 'onde pago o ipva do meu carro', slugs: ['emissao-do-dae-do-ipva'] },
  { kind: 'colloquial', query: 'como faço pra marcar consulta pelo sus', slugs: ['agendamento-de-consultas-e-exames'] },
  { kind: 'colloquial', query: 'fui demitido e agora', slugs: ['seguro-desemprego'] },
  { kind: 'colloquial', query: 'preciso de um atestado de bons antecedentes', slugs: ['certidao-de-antecedentes-criminais'] },
  { kind: 'colloquial', query: 'meu celular foi roubado', slugs: ['aplicativo-protege-celular', 'registro-de-ocorrencia-na-delegacia', 'delegacia-virtual-boletim-de-ocorrencia'] },
  { kind: 'colloquial', query: 'quero doar sangue', slugs: ['agendamento-de-doacao-de-sangue'] },
  { kind: 'colloquial', query: 'como matricular meu filho na escola', slugs: ['matricula-na-rede-estadual'] },
  { kind: 'colloquial', query: 'quantos pontos tenho na carteira', slugs: ['consulta-de-pontuacao-da-cnh'] },
  { kind: 'colloquial', query: 'vendi meu carro, preciso avisar o detran', slugs: ['comunicacao-de-venda-de-veiculo'] },
  { kind: 'colloquial', query: 'como faço o boletim de ocorrência pela internet', slugs: ['delegacia-virtual-boletim-de-ocorrencia'] },
  // typos and abbreviations
  { kind: 'typo', query: 'renovasao cnh', slugs: ['renovacao-da-cnh'] },
  { kind: 'typo', query: 'segunda via identidadi', slugs: ['carteira-de-identidade-segunda-via'] },
  { kind: 'typo', query: 'lisenciamento', slugs: ['licenciamento-anual-de-veiculo'] },
  { kind: 'typo', query: 'cad unico', slugs: ['inscricao-no-cadastro-unico'] },
  { kind: 'typo', query: 'transferencia veiculo', slugs: ['transferencia-de-propriedade-de-veiculo'] },
  { kind: 'typo', query: 'certidao negativa sefaz', slugs: ['certidao-negativa-de-debitos-estaduais'] },
  { kind: 'typo', query: 'aposentadoria servidor', slugs: ['aposentadoria-voluntaria', 'simulacao-de-aposentadoria'] },
  { kind: 'typo', query: 'hemopi', slugs: ['agendamento-de-doacao-de-sangue'] },
  // popular names and slang
  { kind: 'popular', query: 'bolsa familia', slugs: ['inscricao-no-cadastro-unico'] },
  { kind: 'popular', query: 'carteirinha do idoso', slugs: ['carteira-da-pessoa-idosa'] },
  { kind: 'popular', query: 'dar queixa', slugs: ['registro-de-ocorrencia-na-delegacia'] },
  { kind: 'popular', query: 'folha corrida', slugs: ['certidao-de-antecedentes-criminais'] },
  { kind: 'popular', query: 'supletivo', slugs: ['educacao-de-jovens-e-adultos', 'certificacao-do-encceja'] },
  { kind: 'popular', query: 'alvara dos bombeiros', slugs: ['vistoria-e-certificado-do-corpo-de-bombeiros'] },
  { kind: 'popular', query: 'cartao do sus', slugs: ['cartao-nacional-de-saude'] },
  { kind: 'popular', query: 'golpe do pix', slugs: ['denuncia-de-crimes-ciberneticos'] },
  // fragments
  { kind: 'fragment', query: 'cnh', slugs: CNH },
  { kind: 'fragment', query: 'prova de vida', slugs: ['prova-de-vida-piauiprev'] },
  { kind: 'fragment', query: 'placa', slugs: ['placa-mercosul'] },
  { kind: 'fragment', query: 'vistoria', slugs: ['vistoria-veicular', 'vistoria-e-certificado-do-corpo-de-bombeiros'] },
  { kind: 'fragment', query: 'seguro desemprego', slugs: ['seguro-desemprego'] },
  { kind: 'fragment', query: 'cisterna', slugs: ['cisternas-para-agua-de-beber-e-producao'] },
  // department or audience intent
  { kind: 'intent', query: 'serviços para servidor público estadual', audience: 'servidor' },
  { kind: 'intent', query: 'corpo de bombeiros para empresas', departments: ['cbmepi'], audience: 'empresa' },
  { kind: 'intent', query: 'detran', departments: ['detran-pi'] },
  { kind: 'intent', query: 'serviços da sefaz para empresas', departments: ['sefaz'], audience: 'empresa' },
  { kind: 'intent', query: 'policia civil', departments: ['policia-civil'] },
  { kind: 'intent', query: 'serviços para empresas', audience: 'empresa' },
  { kind: 'intent', query: 'uespi', departments: ['uespi'] },
  // things the state does not provide
  { kind: 'elsewhere', query: 'passaporte', elsewhere: true, bestBet: 'Polícia Federal' },
  { kind: 'elsewhere', query: 'título de eleitor', elsewhere: true, bestBet: 'Justiça Eleitoral' },
  { kind: 'elsewhere', query: 'iptu atrasado', elsewhere: true, bestBet: 'Prefeitura' },
  { kind: 'elsewhere', query: 'visto americano', elsewhere: true, bestBet: 'Estados Unidos' },
  { kind: 'elsewhere', query: 'castração de cachorro', elsewhere: true, bestBet: 'Prefeitura' },
  { kind: 'elsewhere', query: 'segunda via conta de luz', elsewhere: true, bestBet: 'Equatorial' },
  { kind: 'elsewhere', query: 'saque do fgts', elsewhere: true, bestBet: 'Caixa' },
  { kind: 'elsewhere', query: 'certidão de nascimento', elsewhere: true, bestBet: 'cartório' },
  { kind: 'elsewhere', query: 'poste sem luz na minha rua', elsewhere: true, bestBet: 'Prefeitura' },
  { kind: 'elsewhere', query: 'aposentadoria pelo inss', elsewhere: true, bestBet: 'INSS' },
  // adversarial text
  { kind: 'adversarial', query: '<script>alert(1)</script>', elsewhere: true },
  { kind: 'adversarial', query: "' or 1=1 --", elsewhere: true },
  { kind: 'adversarial', query: 'asdfghjkl', elsewhere: true },
  { kind: 'adversarial', query: 'renovar cnh!!!!!!!', slugs: ['renovacao-da-cnh'] },
  { kind: 'adversarial', query: 'RG RG RG RG RG RG', slugs: CIN },
];

export const HELD_OUT: Case[] = [
  { kind: 'colloquial', query: 'perdi minha habilitação o que fazer', slugs: ['segunda-via-da-cnh'] },
  { kind: 'colloquial', query: 'quero abrir uma empresa', slugs: ['abertura-de-empresa'] },
  { kind: 'colloquial', query: 'como consigo remédio caro de graça', slugs: ['medicamentos-especializados-alto-custo'] },
  { kind: 'colloquial', query: 'preciso ver meu contracheque', slugs: ['contracheque-do-servidor', 'contracheque-de-aposentados-e-pensionistas'] },
  { kind: 'colloquial', query: 'onde vejo as notas do meu filho', slugs: ['boletim-escolar-online'] },
  { kind: 'colloquial', query: 'quero me cadastrar pra casa popular', slugs: ['inscricao-em-programa-habitacional', 'minha-casa-minha-vida-no-piaui'] },
  { kind: 'typo', query: 'antecedentes criminas', slugs: ['certidao-de-antecedentes-criminais'] },
  { kind: 'typo', query: 'matricula escolla', slugs: ['matricula-na-rede-estadual'] },
  { kind: 'typo', query: 'carteira de identidadee', slugs: CIN },
  { kind: 'typo', query: 'seguro desenprego', slugs: ['seguro-desemprego'] },
  { kind: 'popular', query: 'dut', slugs: ['transferencia-de-propriedade-de-veiculo', 'segunda-via-do-crv-e-crlv'] },
  { kind: 'popular', query: 'cartão piauí', slugs: ['programas-estaduais-de-transferencia-de-renda'] },
  { kind: 'popular', query: 'botão do pânico', slugs: ['aplicativo-salve-maria'] },
  { kind: 'popular', query: 'rg de criança', slugs: ['carteira-de-identidade-para-criancas'] },
  { kind: 'fragment', query: 'pensão', slugs: ['pensao-por-morte'] },
  { kind: 'fragment', query: 'toxicológico', slugs: ['exame-toxicologico'] },
  { kind: 'fragment', query: 'leilão', slugs: ['leilao-de-veiculos', 'leilao-de-bens-inserviveis-do-estado'] },
  { kind: 'intent', query: 'serviços do detran para empresas', departments: ['detran-pi'], audience: 'empresa' },
  { kind: 'intent', query: 'servidor estadual ferias', slugs: ['solicitacao-de-ferias-e-licencas'] },
  { kind: 'intent', query: 'secretaria de saude', departments: ['sesapi'] },
  { kind: 'intent', query: 'polícia militar', departments: ['pmpi'] },
  { kind: 'intent', query: 'agricultor familiar', departments: ['sdr', 'emater'] },
  { kind: 'elsewhere', query: 'emitir cpf', elsewhere: true, bestBet: 'Receita Federal' },
  { kind: 'elsewhere', query: 'consultar pis', elsewhere: true, bestBet: 'Caixa' },
  { kind: 'elsewhere', query: 'certidão de casamento', elsewhere: true, bestBet: 'cartório' },
  { kind: 'elsewhere', query: 'buraco na rua do meu bairro', elsewhere: true, bestBet: 'Prefeitura' },
  { kind: 'elsewhere', query: 'declaração do imposto de renda', elsewhere: true, bestBet: 'Receita Federal' },
  { kind: 'elsewhere', query: 'coleta de lixo', elsewhere: true, bestBet: 'Prefeitura' },
  { kind: 'adversarial', query: '%%%%', elsewhere: true },
  { kind: 'adversarial', query: 'DROP TABLE services', elsewhere: true },
  { kind: 'adversarial', query: 'ipva ipva ipva ipva ipva ipva ipva ipva ipva ipva', slugs: ['emissao-do-dae-do-ipva'] },
];

/** Suggestions as one types: what the box offers for an unfinished word, and no 'Você quis dizer' for it. */
export const TYPING: { prefix: string; includes: string; first?: true }[] = [
  { prefix: 'cnh', includes: 'primeira-habilitacao' },
  { prefix: 'cada', includes: 'inscricao-no-cadastro-unico', first: true },
  { prefix: 'renov', includes: 'renovacao-da-cnh' },
  { prefix: 'bols', includes: 'bolsas-de-pesquisa-fapepi' },
];

// --- measuring -------------------------------------------------------------------------------------------

export interface Outcome {
  kase: Case;
  rank1: boolean;
  top3: boolean;
  /** the API said no result answers the query */
  unanswered: boolean;
  /** a best bet naming the expected provider came with the answer */
  bestBet: boolean;
  ms: number;
}

type Answer = SearchItem & { answers?: boolean };

const right = (kase: Case, item: Answer | undefined) =>
  !!item &&
  (kase.slugs ? kase.slugs.includes(item.slug) : true) &&
  (kase.departments ? kase.departments.includes(item.departmentSlug) : true) &&
  // Targets come by name ('Servidor Público'): the audience's slug is its first word, unaccented.
  (kase.audience ? item.targets.some((name) => name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().startsWith(kase.audience!)) : true);

export async function measure(app: App, cases: Case[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const kase of cases) {
    const started = performance.now();
    const res = await app.inject({ method: 'POST', url: '/v1/search', payload: { query: kase.query, groups: ['CATALOG'], from: 0 } });
    const ms = performance.now() - started;
    const items = (res.statusCode === 200 ? res.json() : []) as Answer[];
    // Before issue 25 the API had no `answers`: every result counted as an answer.
    const answering = items.filter((item) => item.answers ?? true);
    const bets = await app.inject({ method: 'GET', url: `/v1/search/best-bets?q=${encodeURIComponent(kase.query)}` });
    const providers = bets.statusCode === 200 ? (bets.json() as { provider: string }[]).map((b) => b.provider.toLowerCase()) : [];
    outcomes.push({
      kase,
      rank1: right(kase, answering[0]),
      top3: answering.slice(0, 3).some((item) => right(kase, item)),
      unanswered: answering.length === 0,
      bestBet: !!kase.bestBet && providers.some((p) => p.includes(kase.bestBet!.toLowerCase())),
      ms,
    });
  }
  return outcomes;
}
