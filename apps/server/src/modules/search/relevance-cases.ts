// Relevance cases of issue 25, written from the demo catalog (packages/db/src/demo) before the search was tuned
// against them. Two parts: TUNING, which the ranking and the confidence rule were adjusted on, and HELD_OUT,
// which nobody tunes on: its figures say how the search does on queries it was not fitted to. Written in batches,
// each before any of it was run (the later ones harder: more colloquial questions). Read by honest-search.test.ts
// (floors on each part) and bench/relevance.ts (the figures in bench/README.md).
//
// An answerable case is right at rank 1 when the first result is one of `slugs` (or, for department and
// audience intent, is of that department or for that audience), in the top 3 when one of the first three is.
// A case of the kind 'elsewhere' asks for something no state service provides: it is answered as such when no
// result says it answers the query; `bestBet` names the provider the answer should point to.

import type { SearchItem } from '@portal/contracts';
import type { Database } from '@portal/db';
import { sql } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { rows } from '../../lib/rows.ts';

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

const VIOLENCE = ['medida-protetiva-de-urgencia', 'casa-da-mulher-brasileira', 'aplicativo-salve-maria', 'ligue-180-central-de-atendimento-a-mulher', 'patrulha-maria-da-penha', 'registro-de-ocorrencia-na-delegacia', 'delegacia-virtual-boletim-de-ocorrencia'];

/** The first batch (2026-11-27), tuned on. */
export const TUNING_1: Case[] = [
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

/**
 * The second batch (2026-11-29): 80 cases written from the catalog before any was run, then split in turn within each
 * kind between TUNING_2 and HELD_OUT_2. Before tuning: 85 % right at rank 1 on both halves.
 */
export const TUNING_2: Case[] = [
  { kind: 'colloquial', query: 'quero tirar minha primeira carteira de motorista', slugs: ['primeira-habilitacao'] },
  { kind: 'colloquial', query: 'minha carteira de identidade foi roubada', slugs: ['carteira-de-identidade-segunda-via', 'registro-de-ocorrencia-na-delegacia', 'delegacia-virtual-boletim-de-ocorrencia'] },
  { kind: 'colloquial', query: 'como coloco o nome social no rg', slugs: ['nome-social-na-carteira-de-identidade'] },
  { kind: 'colloquial', query: 'meu filho precisa de transporte pra escola', slugs: ['transporte-escolar'] },
  { kind: 'colloquial', query: 'estou sofrendo violência do meu marido', slugs: VIOLENCE },
  { kind: 'colloquial', query: 'como transfiro meu filho de escola', slugs: ['transferencia-escolar'] },
  { kind: 'colloquial', query: 'como visito um parente preso', slugs: ['cadastro-de-visitante-do-sistema-prisional'] },
  { kind: 'colloquial', query: 'quero saber minha posição na fila da cirurgia', slugs: ['cirurgias-eletivas'] },
  { kind: 'colloquial', query: 'fui multado injustamente', slugs: ['consulta-e-recurso-de-multas-de-transito'] },
  { kind: 'colloquial', query: 'quero denunciar uma loja que não dá nota fiscal', slugs: ['denuncia-de-nao-emissao-de-nota-fiscal'] },
  { kind: 'typo', query: 'renovaçao da carteira de motorista', slugs: ['renovacao-da-cnh'] },
  { kind: 'typo', query: 'licensiamento anual', slugs: ['licenciamento-anual-de-veiculo'] },
  { kind: 'typo', query: 'contra cheque', slugs: ['contracheque-do-servidor', 'contracheque-de-aposentados-e-pensionistas'] },
  { kind: 'typo', query: 'ipva isencao deficiente', slugs: ['isencao-de-ipva-para-pessoa-com-deficiencia'] },
  { kind: 'typo', query: 'inscrisao estadual', slugs: ['inscricao-estadual'] },
  { kind: 'typo', query: 'medicamento alto custo', slugs: ['medicamentos-especializados-alto-custo'] },
  { kind: 'popular', query: 'crlv', slugs: ['licenciamento-anual-de-veiculo', 'segunda-via-do-crv-e-crlv'] },
  { kind: 'popular', query: 'ceti', slugs: ['escolas-de-tempo-integral'] },
  { kind: 'popular', query: 'hemocentro', slugs: ['agendamento-de-doacao-de-sangue'] },
  { kind: 'popular', query: 'pronaf', slugs: ['projeto-de-credito-rural-pronaf'] },
  { kind: 'popular', query: 'cnh gratis', slugs: ['cnh-social'] },
  { kind: 'popular', query: 'iml', slugs: ['copia-de-laudo-pericial-e-do-iml'] },
  { kind: 'fragment', query: 'medula', slugs: ['cadastro-de-doador-de-medula-ossea'] },
  { kind: 'fragment', query: 'ferias', slugs: ['solicitacao-de-ferias-e-licencas'] },
  { kind: 'fragment', query: 'itcmd', slugs: ['declaracao-e-pagamento-do-itcmd'] },
  { kind: 'fragment', query: 'biblioteca', slugs: ['biblioteca-publica-estadual', 'bibliotecas-da-uespi'] },
  { kind: 'fragment', query: 'desaparecido', slugs: ['comunicacao-de-pessoa-desaparecida'] },
  { kind: 'intent', query: 'serviços da sesapi', departments: ['sesapi'] },
  { kind: 'intent', query: 'serviços para professores', slugs: ['remocao-de-professores', 'selecao-de-professores-substitutos'] },
  { kind: 'intent', query: 'corpo de bombeiros', departments: ['cbmepi'] },
  { kind: 'intent', query: 'serviços para produtor rural', departments: ['adapi', 'sdr', 'emater', 'semarh'] },
  { kind: 'intent', query: 'serviços da secretaria de educação', departments: ['seduc'] },
  { kind: 'elsewhere', query: 'conta de água atrasada', elsewhere: true, bestBet: 'Águas' },
  { kind: 'elsewhere', query: 'inscrição no enem', elsewhere: true, bestBet: 'Inep' },
  { kind: 'elsewhere', query: 'vaga em creche', elsewhere: true, bestBet: 'Prefeitura' },
  { kind: 'elsewhere', query: 'consulta no posto de saúde', elsewhere: true, bestBet: 'Prefeitura' },
  { kind: 'elsewhere', query: 'certidão de óbito', elsewhere: true, bestBet: 'cartório' },
  { kind: 'adversarial', query: 'SELECT * FROM users', elsewhere: true },
  { kind: 'adversarial', query: 'CNH CNH', slugs: CNH },
  { kind: 'adversarial', query: 'javascript:alert(1)', elsewhere: true },
];

/** The third batch (2026-11-29), mostly colloquial questions (the weakest kind held out), written before any was run: tuned on. */
export const TUNING_3: Case[] = [
  { kind: 'colloquial', query: 'quero tirar a carteira de identidade do meu filho', slugs: ['carteira-de-identidade-para-criancas'] },
  { kind: 'colloquial', query: 'como faço pra pagar o imposto do carro', slugs: ['emissao-do-dae-do-ipva'] },
  { kind: 'colloquial', query: 'perdi o documento do carro', slugs: ['segunda-via-do-crv-e-crlv'] },
  { kind: 'colloquial', query: 'minha carteira de motorista venceu', slugs: ['renovacao-da-cnh'] },
  { kind: 'colloquial', query: 'quero mudar minha habilitação pra caminhão', slugs: ['mudanca-de-categoria-da-cnh'] },
  { kind: 'colloquial', query: 'quero tirar habilitação de moto', slugs: ['adicao-de-categoria-da-cnh', 'primeira-habilitacao'] },
  { kind: 'colloquial', query: 'comprei um carro usado', slugs: ['transferencia-de-propriedade-de-veiculo'] },
  { kind: 'colloquial', query: 'comprei um carro zero', slugs: ['primeiro-emplacamento-de-veiculo-novo'] },
  { kind: 'colloquial', query: 'meu carro foi roubado e a polícia achou', slugs: ['restituicao-de-bens-recuperados'] },
  { kind: 'colloquial', query: 'cai num golpe no whatsapp', slugs: ['denuncia-de-crimes-ciberneticos'] },
  { kind: 'colloquial', query: 'quero denunciar um traficante sem me identificar', slugs: ['disque-denuncia'] },
  { kind: 'colloquial', query: 'minha filha sumiu', slugs: ['comunicacao-de-pessoa-desaparecida'] },
  { kind: 'colloquial', query: 'meu pai é idoso e sofre maus tratos', slugs: ['delegacia-de-protecao-ao-idoso', 'denuncia-de-violacao-de-direitos-humanos'] },
  { kind: 'colloquial', query: 'preciso de remédio que o posto não tem', slugs: ['medicamentos-especializados-alto-custo'] },
  { kind: 'colloquial', query: 'quero marcar exame de ressonância', slugs: ['agendamento-de-consultas-e-exames'] },
  { kind: 'colloquial', query: 'como virar doador de órgãos', slugs: ['doacao-de-orgaos-e-transplantes'] },
  { kind: 'colloquial', query: 'meu filho é autista e precisa de carteirinha', slugs: ['carteira-de-identificacao-da-pessoa-com-tea'] },
  { kind: 'colloquial', query: 'sou deficiente e quero viajar de ônibus de graça', slugs: ['passe-livre-intermunicipal-pessoa-com-deficiencia'] },
  { kind: 'colloquial', query: 'sou deficiente e vou comprar carro', slugs: ['isencoes-para-pessoa-com-deficiencia', 'isencao-de-ipva-para-pessoa-com-deficiencia'] },
  { kind: 'colloquial', query: 'estou desempregado e quero trabalhar', slugs: ['sine-vagas-de-emprego'] },
  { kind: 'colloquial', query: 'quero ser professor do estado', slugs: ['selecao-de-professores-substitutos', 'concursos-publicos-estaduais'] },
  { kind: 'colloquial', query: 'tenho uma lanchonete e preciso do alvará', slugs: ['vistoria-e-certificado-do-corpo-de-bombeiros', 'licenca-sanitaria-estadual'] },
  { kind: 'colloquial', query: 'quero vender comida e preciso de licença', slugs: ['licenca-sanitaria-estadual'] },
  { kind: 'colloquial', query: 'quero furar um poço no meu terreno', slugs: ['autorizacao-para-perfuracao-de-poco'] },
  { kind: 'colloquial', query: 'vou levar meu gado pra outra fazenda', slugs: ['guia-de-transito-animal-gta'] },
  { kind: 'colloquial', query: 'quero cortar árvores na minha propriedade', slugs: ['autorizacao-de-supressao-vegetal'] },
  { kind: 'colloquial', query: 'como consigo a escritura da minha casa do conjunto', slugs: ['regularizacao-de-imoveis-de-conjuntos-habitacionais'] },
  { kind: 'colloquial', query: 'moro na rua e preciso de ajuda', slugs: ['acolhimento-de-pessoas-em-situacao-de-rua'] },
  { kind: 'colloquial', query: 'quero comer barato no centro', slugs: ['restaurante-popular'] },
  { kind: 'colloquial', query: 'meu marido está preso e quero visitar', slugs: ['cadastro-de-visitante-do-sistema-prisional'] },
  { kind: 'colloquial', query: 'quanto posso pegar de empréstimo consignado', slugs: ['consulta-de-margem-consignavel'] },
  { kind: 'colloquial', query: 'quando vou poder me aposentar', slugs: ['simulacao-de-aposentadoria'] },
  { kind: 'colloquial', query: 'meu pai era servidor e faleceu', slugs: ['pensao-por-morte'] },
  { kind: 'colloquial', query: 'preciso da declaração que trabalho no estado', slugs: ['declaracao-de-vinculo-funcional'] },
  { kind: 'colloquial', query: 'quero reclamar do atendimento de um órgão', slugs: ['manifestacao-na-ouvidoria'] },
  { kind: 'colloquial', query: 'quanto o governo gastou', slugs: ['portal-da-transparencia'] },
  { kind: 'typo', query: 'primera habilitacao', slugs: ['primeira-habilitacao'] },
  { kind: 'typo', query: 'seguda via rg', slugs: ['carteira-de-identidade-segunda-via'] },
  { kind: 'typo', query: 'licenca sanitaria', slugs: ['licenca-sanitaria-estadual'] },
  { kind: 'typo', query: 'trasnferencia de veiculo', slugs: ['transferencia-de-propriedade-de-veiculo'] },
];

/** The first batch's held-out part. */
export const HELD_OUT_1: Case[] = [
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

/** The second batch's held-out half: never tuned on. */
export const HELD_OUT_2: Case[] = [
  { kind: 'colloquial', query: 'como pago a multa do meu carro', slugs: ['consulta-e-recurso-de-multas-de-transito'] },
  { kind: 'colloquial', query: 'preciso de uma certidão que não devo imposto ao estado', slugs: ['certidao-negativa-de-debitos-estaduais'] },
  { kind: 'colloquial', query: 'quero fazer faculdade na uespi', slugs: ['ingresso-na-uespi-pelo-sisu'] },
  { kind: 'colloquial', query: 'onde faço o cadastro pra doar medula', slugs: ['cadastro-de-doador-de-medula-ossea'] },
  { kind: 'colloquial', query: 'quero parcelar minhas dívidas com a sefaz', slugs: ['parcelamento-de-debitos-fiscais'] },
  { kind: 'colloquial', query: 'minha mãe é acamada e precisa fazer a identidade', slugs: ['identificacao-civil-em-domicilio'] },
  { kind: 'colloquial', query: 'quero fazer um curso de graça', slugs: ['qualificacao-profissional', 'pre-enem-seduc'] },
  { kind: 'colloquial', query: 'como recebo os créditos da nota piauiense', slugs: ['nota-piauiense-sorteios-e-resgate-de-creditos'] },
  { kind: 'colloquial', query: 'preciso tratar meu filho em outra cidade', slugs: ['tratamento-fora-de-domicilio'] },
  { kind: 'colloquial', query: 'como sei se meu rg já está pronto', slugs: ['consulta-e-retirada-da-carteira-de-identidade'] },
  { kind: 'typo', query: 'certidao de antecedente', slugs: ['certidao-de-antecedentes-criminais'] },
  { kind: 'typo', query: 'trasferencia escolar', slugs: ['transferencia-escolar'] },
  { kind: 'typo', query: 'boletim de ocorrencia', slugs: ['delegacia-virtual-boletim-de-ocorrencia', 'registro-de-ocorrencia-na-delegacia'] },
  { kind: 'typo', query: 'cartao do sus segunda via', slugs: ['cartao-nacional-de-saude'] },
  { kind: 'typo', query: 'doaçao de orgaos', slugs: ['doacao-de-orgaos-e-transplantes'] },
  { kind: 'typo', query: 'placa mercossul', slugs: ['placa-mercosul'] },
  { kind: 'popular', query: 'documento do carro', slugs: ['segunda-via-do-crv-e-crlv', 'licenciamento-anual-de-veiculo'] },
  { kind: 'popular', query: 'tfd', slugs: ['tratamento-fora-de-domicilio'] },
  { kind: 'popular', query: 'auxilio reclusão', slugs: ['atestado-de-recolhimento-prisional'] },
  { kind: 'popular', query: 'carteirinha do autista', slugs: ['carteira-de-identificacao-da-pessoa-com-tea'] },
  { kind: 'popular', query: 'samu', slugs: ['samu-192'] },
  { kind: 'popular', query: 'pre enem', slugs: ['pre-enem-seduc'] },
  { kind: 'fragment', query: 'reciclagem', slugs: ['curso-de-reciclagem-para-condutor-infrator'] },
  { kind: 'fragment', query: 'emplacamento', slugs: ['primeiro-emplacamento-de-veiculo-novo'] },
  { kind: 'fragment', query: 'museu', slugs: ['visita-ao-museu-do-piaui'] },
  { kind: 'fragment', query: 'sementes', slugs: ['distribuicao-de-sementes'] },
  { kind: 'fragment', query: 'diploma', slugs: ['diploma-de-graduacao-uespi', 'historico-escolar'] },
  { kind: 'intent', query: 'serviços do hemopi', departments: ['hemopi'] },
  { kind: 'intent', query: 'jucepi', departments: ['jucepi'] },
  { kind: 'intent', query: 'piauiprev', departments: ['piauiprev'] },
  { kind: 'intent', query: 'servidor aposentado', departments: ['piauiprev'] },
  { kind: 'intent', query: 'icms para empresas', departments: ['sefaz'], audience: 'empresa' },
  { kind: 'elsewhere', query: 'alistamento militar', elsewhere: true, bestBet: 'Exército' },
  { kind: 'elsewhere', query: 'porte de arma', elsewhere: true, bestBet: 'Polícia Federal' },
  { kind: 'elsewhere', query: 'farmácia popular', elsewhere: true, bestBet: 'Saúde' },
  { kind: 'elsewhere', query: 'segunda via da conta de água', elsewhere: true, bestBet: 'Águas' },
  { kind: 'elsewhere', query: 'fies', elsewhere: true, bestBet: 'Educação' },
  { kind: 'adversarial', query: '🚗🚗🚗', elsewhere: true },
  { kind: 'adversarial', query: '¿¿renovação... da CNH??', slugs: ['renovacao-da-cnh'] },
  { kind: 'adversarial', query: 'identidade' + '!'.repeat(40), slugs: CIN },
];

/** The fourth batch (2026-11-29), written with the third and before any was run: never tuned on. */
export const HELD_OUT_4: Case[] = [
  { kind: 'colloquial', query: 'meu rg está muito velho quero fazer outro', slugs: ['carteira-de-identidade-segunda-via'] },
  { kind: 'colloquial', query: 'como tiro a identidade nova', slugs: CIN },
  { kind: 'colloquial', query: 'quero a identidade no celular', slugs: ['carteira-de-identidade-digital'] },
  { kind: 'colloquial', query: 'minha cnh provisória vai vencer', slugs: ['cnh-definitiva'] },
  { kind: 'colloquial', query: 'vou dirigir no exterior', slugs: ['permissao-internacional-para-dirigir'] },
  { kind: 'colloquial', query: 'levei uma multa e perdi muitos pontos', slugs: ['consulta-de-pontuacao-da-cnh', 'defesa-em-processo-de-suspensao-do-direito-de-dirigir', 'consulta-e-recurso-de-multas-de-transito', 'curso-de-reciclagem-para-condutor-infrator'] },
  { kind: 'colloquial', query: 'meu carro deu perda total', slugs: ['baixa-de-veiculo'] },
  { kind: 'colloquial', query: 'quero trocar a cor do meu carro', slugs: ['alteracao-de-caracteristicas-do-veiculo'] },
  { kind: 'colloquial', query: 'a placa do meu carro caiu', slugs: ['placa-mercosul'] },
  { kind: 'colloquial', query: 'quero comprar carro em leilão', slugs: ['leilao-de-veiculos'] },
  { kind: 'colloquial', query: 'quero ver se meu carro tem dívida de ipva', slugs: ['certidao-de-debitos-de-ipva-do-veiculo', 'consulta-de-debitos-estaduais'] },
  { kind: 'colloquial', query: 'taxista não paga ipva', slugs: ['isencao-de-ipva-para-taxistas'] },
  { kind: 'colloquial', query: 'herdei uma casa e tenho que pagar imposto', slugs: ['declaracao-e-pagamento-do-itcmd'] },
  { kind: 'colloquial', query: 'paguei imposto a mais e quero de volta', slugs: ['restituicao-de-tributos-estaduais'] },
  { kind: 'colloquial', query: 'quero emitir nota para vender minha produção', slugs: ['nota-fiscal-avulsa', 'programa-de-aquisicao-de-alimentos'] },
  { kind: 'colloquial', query: 'quero cadastrar meu cpf na nota', slugs: ['cadastro-nota-piauiense'] },
  { kind: 'colloquial', query: 'quero fechar minha empresa', slugs: ['baixa-de-empresa'] },
  { kind: 'colloquial', query: 'quero mudar o endereço da minha empresa', slugs: ['alteracao-contratual'] },
  { kind: 'colloquial', query: 'meu filho precisa de escola em tempo integral', slugs: ['escolas-de-tempo-integral'] },
  { kind: 'colloquial', query: 'meu filho tem deficiência e precisa de apoio na escola', slugs: ['atendimento-educacional-especializado'] },
  { kind: 'colloquial', query: 'quero terminar os estudos depois de adulto', slugs: ['educacao-de-jovens-e-adultos', 'certificacao-do-encceja'] },
  { kind: 'colloquial', query: 'preciso do histórico da escola', slugs: ['historico-escolar'] },
  { kind: 'colloquial', query: 'quero estudar para o enem de graça', slugs: ['pre-enem-seduc'] },
  { kind: 'colloquial', query: 'preciso de ambulância urgente', slugs: ['samu-192'] },
  { kind: 'colloquial', query: 'tem fogo na mata perto de casa', slugs: ['emergencia-bombeiros-193', 'denuncia-ambiental'] },
  { kind: 'colloquial', query: 'quero fazer curso de brigadista', slugs: ['curso-de-brigada-de-incendio'] },
  { kind: 'colloquial', query: 'meu vizinho está desmatando', slugs: ['denuncia-ambiental'] },
  { kind: 'colloquial', query: 'o restaurante estava sujo quero denunciar', slugs: ['denuncia-a-vigilancia-sanitaria'] },
  { kind: 'colloquial', query: 'preciso de prótese na perna', slugs: ['centro-integrado-de-reabilitacao-ceir'] },
  { kind: 'colloquial', query: 'quero doar sangue na minha empresa', slugs: ['coleta-externa-de-sangue'] },
  { kind: 'colloquial', query: 'quero saber o resultado do exame da doação', slugs: ['resultado-de-exames-do-doador'] },
  { kind: 'colloquial', query: 'preciso de vacina especial para meu filho', slugs: ['vacinas-especiais-crie'] },
  { kind: 'colloquial', query: 'quero me inscrever pra ganhar uma casa', slugs: ['inscricao-em-programa-habitacional', 'minha-casa-minha-vida-no-piaui'] },
  { kind: 'colloquial', query: 'como sei se fui sorteado para a casa', slugs: ['consulta-de-inscricao-habitacional'] },
  { kind: 'colloquial', query: 'sofri violência e não tenho onde morar', slugs: ['auxilio-aluguel-para-mulheres-em-situacao-de-violencia', 'casa-da-mulher-brasileira'] },
  { kind: 'colloquial', query: 'quero plantar e preciso de semente', slugs: ['distribuicao-de-sementes'] },
  { kind: 'colloquial', query: 'perdi a safra com a seca', slugs: ['garantia-safra'] },
  { kind: 'colloquial', query: 'quero vender minha produção para o governo', slugs: ['programa-de-aquisicao-de-alimentos'] },
  { kind: 'colloquial', query: 'preciso de técnico para minha roça', slugs: ['assistencia-tecnica-e-extensao-rural'] },
  { kind: 'colloquial', query: 'ver meu salário de servidor', slugs: ['contracheque-do-servidor'] },
  { kind: 'colloquial', query: 'sou aposentado do estado e preciso fazer prova de vida', slugs: ['prova-de-vida-piauiprev'] },
  { kind: 'colloquial', query: 'quero saber onde meu parente preso está', slugs: ['consulta-de-pessoa-privada-de-liberdade'] },
  { kind: 'colloquial', query: 'saí da prisão e preciso de emprego', slugs: ['escritorio-social-egressos'] },
  { kind: 'colloquial', query: 'quero usar o teatro para um show', slugs: ['pauta-do-theatro-4-de-setembro'] },
  { kind: 'colloquial', query: 'quero pegar livro emprestado', slugs: ['biblioteca-publica-estadual', 'bibliotecas-da-uespi'] },
  { kind: 'typo', query: 'renovassão da cnh', slugs: ['renovacao-da-cnh'] },
  { kind: 'typo', query: 'carteira de identidadi digital', slugs: ['carteira-de-identidade-digital'] },
  { kind: 'typo', query: 'liçenca ambiental', slugs: ['licenciamento-ambiental'] },
  { kind: 'typo', query: 'restaurante popurar', slugs: ['restaurante-popular'] },
];

/**
 * The fifth batch (2026-11-29), written after the round's first tuning and before any of it was run, of every kind in
 * about the shares of the issue's own examples. Measured once held out (88 % right at rank 1 and in the top 3, 7 of 8
 * things the state does not provide said so), then tuned on, with the sixth written before.
 */
export const TUNING_5: Case[] = [
  { kind: 'colloquial', query: 'quero renovar meu rg', slugs: ['carteira-de-identidade-segunda-via'] },
  { kind: 'colloquial', query: 'como emito o boleto do ipva', slugs: ['emissao-do-dae-do-ipva'] },
  { kind: 'colloquial', query: 'preciso agendar vistoria do meu carro', slugs: ['vistoria-veicular'] },
  { kind: 'colloquial', query: 'quero consultar minhas multas', slugs: ['consulta-e-recurso-de-multas-de-transito'] },
  { kind: 'colloquial', query: 'como faço para doar sangue no hemopi', slugs: ['agendamento-de-doacao-de-sangue'] },
  { kind: 'colloquial', query: 'quero me inscrever no cadastro único', slugs: ['inscricao-no-cadastro-unico'] },
  { kind: 'colloquial', query: 'onde tiro a certidão negativa de débitos', slugs: ['certidao-negativa-de-debitos-estaduais'] },
  { kind: 'colloquial', query: 'preciso registrar um boletim de ocorrência de furto', slugs: ['delegacia-virtual-boletim-de-ocorrencia', 'registro-de-ocorrencia-na-delegacia'] },
  { kind: 'colloquial', query: 'como me inscrevo no concurso do estado', slugs: ['concursos-publicos-estaduais'] },
  { kind: 'colloquial', query: 'quero pedir medida protetiva', slugs: ['medida-protetiva-de-urgencia'] },
  { kind: 'colloquial', query: 'meu celular foi furtado o que faço', slugs: ['aplicativo-protege-celular', 'registro-de-ocorrencia-na-delegacia', 'delegacia-virtual-boletim-de-ocorrencia'] },
  { kind: 'colloquial', query: 'como solicito a segunda via do cartão do plamta', slugs: ['segunda-via-do-cartao-plamta'] },
  { kind: 'typo', query: 'primeira habilitaçao', slugs: ['primeira-habilitacao'] },
  { kind: 'typo', query: 'certidao negatva', slugs: ['certidao-negativa-de-debitos-estaduais'] },
  { kind: 'typo', query: 'licenciamento anuel', slugs: ['licenciamento-anual-de-veiculo'] },
  { kind: 'typo', query: 'carteira do idozo', slugs: ['carteira-da-pessoa-idosa'] },
  { kind: 'typo', query: 'vistoria veicualr', slugs: ['vistoria-veicular'] },
  { kind: 'typo', query: 'isensao ipva', slugs: ['isencao-de-ipva-para-pessoa-com-deficiencia', 'isencao-de-ipva-para-taxistas', 'isencoes-para-pessoa-com-deficiencia'] },
  { kind: 'popular', query: 'nada consta criminal', slugs: ['certidao-de-antecedentes-criminais'] },
  { kind: 'popular', query: 'nota piauiense', slugs: ['cadastro-nota-piauiense', 'nota-piauiense-sorteios-e-resgate-de-creditos'] },
  { kind: 'popular', query: 'carteira de trabalho', slugs: ['carteira-de-trabalho-digital'] },
  { kind: 'popular', query: 'salve maria', slugs: ['aplicativo-salve-maria'] },
  { kind: 'popular', query: 'maria da penha', slugs: ['medida-protetiva-de-urgencia', 'patrulha-maria-da-penha'] },
  { kind: 'fragment', query: 'sisu', slugs: ['ingresso-na-uespi-pelo-sisu'] },
  { kind: 'fragment', query: 'eja', slugs: ['educacao-de-jovens-e-adultos'] },
  { kind: 'fragment', query: 'gta', slugs: ['guia-de-transito-animal-gta'] },
  { kind: 'fragment', query: 'margem consignavel', slugs: ['consulta-de-margem-consignavel'] },
  { kind: 'fragment', query: 'transplante', slugs: ['doacao-de-orgaos-e-transplantes'] },
  { kind: 'intent', query: 'serviços da adapi', departments: ['adapi'] },
  { kind: 'intent', query: 'semarh', departments: ['semarh'] },
  { kind: 'intent', query: 'serviços para servidores', audience: 'servidor' },
  { kind: 'intent', query: 'delegacia', departments: ['policia-civil'] },
  { kind: 'intent', query: 'detran serviços para o cidadão', departments: ['detran-pi'] },
  { kind: 'elsewhere', query: 'segunda via da conta de gás', elsewhere: true },
  { kind: 'elsewhere', query: 'carteira de estudante', elsewhere: true },
  { kind: 'elsewhere', query: 'tirar passaporte urgente', elsewhere: true, bestBet: 'Polícia Federal' },
  { kind: 'elsewhere', query: 'seguro do carro', elsewhere: true },
  { kind: 'elsewhere', query: 'horário do ônibus', elsewhere: true },
  { kind: 'elsewhere', query: 'reserva de hotel', elsewhere: true },
  { kind: 'adversarial', query: '<img src=x onerror=alert(1)>', elsewhere: true },
  { kind: 'adversarial', query: `cnh${' '.repeat(50)}renovação`, slugs: ['renovacao-da-cnh'] },
  { kind: 'adversarial', query: '1234567890', elsewhere: true },
];

/**
 * The sixth batch (2026-11-29), written before the fifth was tuned on and before any of it was run, of every kind in
 * about the shares of the issue's own examples: never tuned on. First measured after the round's tuning.
 */
export const HELD_OUT_6: Case[] = [
  { kind: 'colloquial', query: 'como tiro a segunda via da cnh', slugs: ['segunda-via-da-cnh'] },
  { kind: 'colloquial', query: 'quero saber quantos pontos tem minha cnh', slugs: ['consulta-de-pontuacao-da-cnh'] },
  { kind: 'colloquial', query: 'como transfiro o carro pro meu nome', slugs: ['transferencia-de-propriedade-de-veiculo'] },
  { kind: 'colloquial', query: 'preciso de atestado de antecedentes', slugs: ['certidao-de-antecedentes-criminais'] },
  { kind: 'colloquial', query: 'quero matricular meu filho no ensino médio', slugs: ['matricula-na-rede-estadual'] },
  { kind: 'colloquial', query: 'como consigo o cartão do sus', slugs: ['cartao-nacional-de-saude'] },
  { kind: 'colloquial', query: 'quero fazer denúncia anônima', slugs: ['disque-denuncia', 'denuncia-anonima'] },
  { kind: 'colloquial', query: 'meu documento do carro venceu', slugs: ['licenciamento-anual-de-veiculo'] },
  { kind: 'colloquial', query: 'preciso pagar o dae', slugs: ['emissao-do-dae-do-ipva', 'emissao-de-dar-avulso'] },
  { kind: 'typo', query: 'renovacão cnh', slugs: ['renovacao-da-cnh'] },
  { kind: 'typo', query: 'antecendentes criminais', slugs: ['certidao-de-antecedentes-criminais'] },
  { kind: 'typo', query: 'matrícula escoar', slugs: ['matricula-na-rede-estadual'] },
  { kind: 'typo', query: 'segunda via da identidad', slugs: ['carteira-de-identidade-segunda-via'] },
  { kind: 'typo', query: 'prova de vda', slugs: ['prova-de-vida-piauiprev'] },
  { kind: 'typo', query: 'historico escolr', slugs: ['historico-escolar'] },
  { kind: 'popular', query: 'rg digital', slugs: ['carteira-de-identidade-digital'] },
  { kind: 'popular', query: 'cnh social', slugs: ['cnh-social'] },
  { kind: 'popular', query: 'placa do mercosul', slugs: ['placa-mercosul'] },
  { kind: 'popular', query: 'bo online', slugs: ['delegacia-virtual-boletim-de-ocorrencia'] },
  { kind: 'fragment', query: 'ceir', slugs: ['centro-integrado-de-reabilitacao-ceir'] },
  { kind: 'fragment', query: 'cisternas', slugs: ['cisternas-para-agua-de-beber-e-producao'] },
  { kind: 'fragment', query: 'habitação', slugs: ['inscricao-em-programa-habitacional', 'minha-casa-minha-vida-no-piaui', 'consulta-de-inscricao-habitacional', 'regularizacao-de-imoveis-de-conjuntos-habitacionais'] },
  { kind: 'fragment', query: 'toxicologico', slugs: ['exame-toxicologico'] },
  { kind: 'intent', query: 'serviços da seduc', departments: ['seduc'] },
  { kind: 'intent', query: 'sefaz', departments: ['sefaz'] },
  { kind: 'intent', query: 'serviços para empresas da jucepi', departments: ['jucepi'], audience: 'empresa' },
  { kind: 'intent', query: 'secretaria da fazenda', departments: ['sefaz'] },
  { kind: 'elsewhere', query: 'segunda via de boleto do banco', elsewhere: true },
  { kind: 'elsewhere', query: 'emitir título de eleitor', elsewhere: true, bestBet: 'Justiça Eleitoral' },
  { kind: 'elsewhere', query: 'passagem de avião', elsewhere: true },
  { kind: 'elsewhere', query: 'internet lenta', elsewhere: true },
  { kind: 'elsewhere', query: 'auxílio doença', elsewhere: true, bestBet: 'INSS' },
  { kind: 'adversarial', query: 'null', elsewhere: true },
  { kind: 'adversarial', query: 'IPVA!!!', slugs: ['emissao-do-dae-do-ipva'] },
];

/** Each batch as written: its name, the part tuned on and the part held out. A new batch is added here only. */
/**
 * The seventh batch (2026-11-29, session 22), of every kind in about the shares of the issue's own examples, written
 * from the catalog before this session changed the search and before any of it was run: never tuned on.
 */
export const HELD_OUT_7: Case[] = [
  { kind: 'colloquial', query: 'quero tirar meu nome do carro que vendi', slugs: ['comunicacao-de-venda-de-veiculo'] },
  { kind: 'colloquial', query: 'roubaram meu celular o que eu faço', slugs: ['aplicativo-protege-celular', 'registro-de-ocorrencia-na-delegacia', 'delegacia-virtual-boletim-de-ocorrencia'] },
  { kind: 'colloquial', query: 'minha mãe está acamada e precisa tirar o rg', slugs: ['identificacao-civil-em-domicilio'] },
  { kind: 'colloquial', query: 'quero mudar meu nome na identidade depois do casamento', slugs: ['alteracao-de-dados-na-carteira-de-identidade'] },
  { kind: 'colloquial', query: 'como pago o ipva do meu carro', slugs: ['emissao-do-dae-do-ipva'] },
  { kind: 'colloquial', query: 'fui demitido e quero receber o seguro', slugs: ['seguro-desemprego'] },
  { kind: 'colloquial', query: 'como faço para doar sangue', slugs: ['agendamento-de-doacao-de-sangue'] },
  { kind: 'colloquial', query: 'preciso marcar uma consulta com especialista pelo sus', slugs: ['agendamento-de-consultas-e-exames'] },
  { kind: 'colloquial', query: 'quero ver as notas do meu filho na escola', slugs: ['boletim-escolar-online'] },
  { kind: 'colloquial', query: 'meu marido me bate o que faço', slugs: VIOLENCE },
  { kind: 'colloquial', query: 'quero abrir um restaurante e preciso do alvará sanitário', slugs: ['licenca-sanitaria-estadual'] },
  { kind: 'colloquial', query: 'quanto tempo falta para eu me aposentar', slugs: ['simulacao-de-aposentadoria'] },
  { kind: 'colloquial', query: 'quero furar um poço no meu sítio', slugs: ['autorizacao-para-perfuracao-de-poco'] },
  { kind: 'colloquial', query: 'meu gado está com doença', slugs: ['notificacao-de-suspeita-de-doenca-animal-ou-praga'] },
  { kind: 'typo', query: 'segunda via da identidadi', slugs: ['carteira-de-identidade-segunda-via'] },
  { kind: 'typo', query: 'licensiamento do carro', slugs: ['licenciamento-anual-de-veiculo'] },
  { kind: 'typo', query: 'seguro desenprego', slugs: ['seguro-desemprego'] },
  { kind: 'typo', query: 'antecedentes criminas', slugs: ['certidao-de-antecedentes-criminais'] },
  { kind: 'typo', query: 'trasferencia de veiculo', slugs: ['transferencia-de-propriedade-de-veiculo'] },
  { kind: 'typo', query: 'matricula escolar rede estadoal', slugs: ['matricula-na-rede-estadual'] },
  { kind: 'typo', query: 'cadastro unico atualisar', slugs: ['inscricao-no-cadastro-unico'] },
  { kind: 'typo', query: 'aposentadoria voluntaria servidor', slugs: ['aposentadoria-voluntaria'] },
  { kind: 'popular', query: 'nada consta criminal', slugs: ['certidao-de-antecedentes-criminais'] },
  { kind: 'popular', query: 'holerite', slugs: ['contracheque-do-servidor', 'contracheque-de-aposentados-e-pensionistas'] },
  { kind: 'popular', query: 'dut', slugs: ['transferencia-de-propriedade-de-veiculo', 'segunda-via-do-crv-e-crlv'] },
  { kind: 'popular', query: 'bolsa família', slugs: ['inscricao-no-cadastro-unico'] },
  { kind: 'popular', query: 'supletivo', slugs: ['educacao-de-jovens-e-adultos', 'certificacao-do-encceja'] },
  { kind: 'popular', query: 'botão do pânico', slugs: ['aplicativo-salve-maria'] },
  { kind: 'popular', query: 'cnd estadual', slugs: ['certidao-negativa-de-debitos-estaduais'] },
  { kind: 'fragment', query: 'medula', slugs: ['cadastro-de-doador-de-medula-ossea'] },
  { kind: 'fragment', query: 'escritura', slugs: ['regularizacao-de-imoveis-de-conjuntos-habitacionais'] },
  { kind: 'fragment', query: 'toxicológico', slugs: ['exame-toxicologico'] },
  { kind: 'fragment', query: 'cisterna', slugs: ['cisternas-para-agua-de-beber-e-producao'] },
  { kind: 'fragment', query: 'concurso', slugs: ['concursos-publicos-estaduais'] },
  { kind: 'intent', query: 'serviços do hemopi', departments: ['hemopi'] },
  { kind: 'intent', query: 'polícia militar', departments: ['pmpi'] },
  { kind: 'intent', query: 'serviços para empresas na sefaz', departments: ['sefaz'], audience: 'empresa' },
  { kind: 'intent', query: 'serviços para servidor estadual', audience: 'servidor' },
  { kind: 'intent', query: 'agricultura familiar', departments: ['sdr', 'emater'] },
  { kind: 'elsewhere', query: 'saque do fgts', elsewhere: true, bestBet: 'Caixa' },
  { kind: 'elsewhere', query: 'poste da minha rua está apagado', elsewhere: true, bestBet: 'Prefeitura' },
  { kind: 'elsewhere', query: 'certidão de óbito do meu pai', elsewhere: true, bestBet: 'Cartório' },
  { kind: 'colloquial', query: 'renovar cnh no detran de outro estado', slugs: ['renovacao-da-cnh'] },
  { kind: 'elsewhere', query: 'conserto de celular', elsewhere: true },
  { kind: 'elsewhere', query: 'cpf cancelado', elsewhere: true, bestBet: 'Receita' },
  { kind: 'adversarial', query: 'DROP TABLE services; --', elsewhere: true },
  { kind: 'adversarial', query: '   CARTEIRA   DE   TRABALHO   ', slugs: ['carteira-de-trabalho-digital'] },
];

/**
 * The eighth batch (2026-11-29, session 22), mostly colloquial questions, written with the ninth from the catalog
 * before either was run, after this session's first changes (six that repeated earlier cases replaced before any ran): tuned on.
 */
export const TUNING_8: Case[] = [
  { kind: 'colloquial', query: 'meu carro foi roubado o que faço', slugs: ['registro-de-ocorrencia-na-delegacia', 'delegacia-virtual-boletim-de-ocorrencia'] },
  { kind: 'colloquial', query: 'acharam meu carro roubado como pego de volta', slugs: ['restituicao-de-bens-recuperados'] },
  { kind: 'colloquial', query: 'meu carro foi guinchado e está no pátio', slugs: ['leilao-de-veiculos', 'restituicao-de-bens-recuperados'] },
  { kind: 'colloquial', query: 'quero colocar gás no meu carro', slugs: ['alteracao-de-caracteristicas-do-veiculo'] },
  { kind: 'colloquial', query: 'comprei um carro usado e quero passar pro meu nome', slugs: ['transferencia-de-propriedade-de-veiculo'] },
  { kind: 'colloquial', query: 'minha carteira de motorista foi suspensa', slugs: ['defesa-em-processo-de-suspensao-do-direito-de-dirigir', 'curso-de-reciclagem-para-condutor-infrator'] },
  { kind: 'colloquial', query: 'quero dirigir caminhão', slugs: ['mudanca-de-categoria-da-cnh'] },
  { kind: 'colloquial', query: 'quero tirar carteira de moto', slugs: ['adicao-de-categoria-da-cnh', 'primeira-habilitacao'] },
  { kind: 'colloquial', query: 'não tenho dinheiro para tirar a carteira de motorista', slugs: ['cnh-social'] },
  { kind: 'colloquial', query: 'meu filho tem autismo e precisa de documento', slugs: ['carteira-de-identificacao-da-pessoa-com-tea'] },
  { kind: 'colloquial', query: 'sou cadeirante e quero viajar de ônibus de graça', slugs: ['passe-livre-intermunicipal-pessoa-com-deficiencia'] },
  { kind: 'colloquial', query: 'tenho mais de sessenta anos e quero viajar sem pagar', slugs: ['carteira-da-pessoa-idosa'] },
  { kind: 'colloquial', query: 'meu pai idoso caiu num golpe', slugs: ['delegacia-de-protecao-ao-idoso'] },
  { kind: 'colloquial', query: 'clonaram meu whatsapp', slugs: ['denuncia-de-crimes-ciberneticos'] },
  { kind: 'colloquial', query: 'meu irmão sumiu faz dois dias', slugs: ['comunicacao-de-pessoa-desaparecida'] },
  { kind: 'colloquial', query: 'vi tráfico de drogas na minha rua e quero denunciar sem me identificar', slugs: ['disque-denuncia'] },
  { kind: 'colloquial', query: 'quero visitar meu filho que está preso', slugs: ['cadastro-de-visitante-do-sistema-prisional'] },
  { kind: 'colloquial', query: 'meu marido foi preso e preciso do auxílio reclusão', slugs: ['atestado-de-recolhimento-prisional'] },
  { kind: 'colloquial', query: 'a escola não tem ônibus para meu filho', slugs: ['transporte-escolar'] },
  { kind: 'colloquial', query: 'quero ser professor substituto do estado', slugs: ['selecao-de-professores-substitutos'] },
  { kind: 'colloquial', query: 'terminei a faculdade na uespi e quero meu diploma', slugs: ['diploma-de-graduacao-uespi'] },
  { kind: 'colloquial', query: 'quero fazer mestrado com bolsa', slugs: ['bolsas-de-pesquisa-fapepi'] },
  { kind: 'colloquial', query: 'estou na fila para operar a catarata', slugs: ['cirurgias-eletivas'] },
  { kind: 'colloquial', query: 'quero ser doador de órgãos', slugs: ['doacao-de-orgaos-e-transplantes'] },
  { kind: 'colloquial', query: 'preciso de uma cadeira de rodas', slugs: ['centro-integrado-de-reabilitacao-ceir'] },
  { kind: 'colloquial', query: 'fui mal atendido no hospital e quero reclamar', slugs: ['ouvidoria-do-sus', 'manifestacao-na-ouvidoria'] },
  { kind: 'colloquial', query: 'quero saber quanto o governo paga aos servidores', slugs: ['portal-da-transparencia'] },
  { kind: 'colloquial', query: 'quero pedir um documento do governo que não está na internet', slugs: ['pedido-de-acesso-a-informacao-e-sic'] },
  { kind: 'colloquial', query: 'sou servidor e quero tirar férias', slugs: ['solicitacao-de-ferias-e-licencas'] },
  { kind: 'colloquial', query: 'quero um empréstimo descontado no meu salário de servidor', slugs: ['consulta-de-margem-consignavel'] },
  { kind: 'colloquial', query: 'meu marido era servidor e faleceu', slugs: ['pensao-por-morte'] },
  { kind: 'colloquial', query: 'quero abrir um negócio pequeno e preciso de dinheiro', slugs: ['microcredito-produtivo-orientado'] },
  { kind: 'colloquial', query: 'quero vender artesanato numa feira', slugs: ['economia-solidaria'] },
  { kind: 'colloquial', query: 'tenho uma pousada e quero cadastrar no turismo', slugs: ['cadastur-prestadores-de-servicos-turisticos'] },
  { kind: 'colloquial', query: 'minha loja precisa da vistoria dos bombeiros', slugs: ['vistoria-e-certificado-do-corpo-de-bombeiros'] },
  { kind: 'colloquial', query: 'quero vender queijo para outros estados', slugs: ['registro-no-servico-de-inspecao-estadual-sie'] },
  { kind: 'colloquial', query: 'preciso levar meus bois para outra fazenda', slugs: ['guia-de-transito-animal-gta'] },
  { kind: 'colloquial', query: 'não tem água para beber no meu sítio', slugs: ['cisternas-para-agua-de-beber-e-producao'] },
  { kind: 'colloquial', query: 'quero tirar água do rio para irrigar', slugs: ['outorga-de-uso-de-recursos-hidricos'] },
  { kind: 'colloquial', query: 'estou sem comida e sem dinheiro', slugs: ['restaurante-popular', 'programas-estaduais-de-transferencia-de-renda', 'inscricao-no-cadastro-unico'] },
  { kind: 'typo', query: 'sertidão negativa', slugs: ['certidao-negativa-de-debitos-estaduais', 'certidao-de-antecedentes-criminais'] },
  { kind: 'typo', query: 'vistoria veicolar', slugs: ['vistoria-veicular'] },
  { kind: 'popular', query: 'patrulha maria da penha', slugs: ['patrulha-maria-da-penha'] },
  { kind: 'intent', query: 'serviços da polícia civil', departments: ['policia-civil'] },
  { kind: 'elsewhere', query: 'quero tirar a segunda via da certidão de nascimento', elsewhere: true, bestBet: 'Cartório' },
  { kind: 'colloquial', query: 'bolsa família não caiu', slugs: ['inscricao-no-cadastro-unico'] },
  { kind: 'elsewhere', query: 'quero sacar o pis', elsewhere: true, bestBet: 'Caixa' },
  { kind: 'elsewhere', query: 'passaporte para meu bebê', elsewhere: true, bestBet: 'Polícia Federal' },
  { kind: 'elsewhere', query: 'falta luz na minha casa desde ontem', elsewhere: true, bestBet: 'Equatorial' },
  { kind: 'elsewhere', query: 'consulta com veterinário', elsewhere: true },
  { kind: 'adversarial', query: 'a'.repeat(200), elsewhere: true },
];

/** The ninth batch (2026-11-29, session 22), of every kind in the shares, written with the eighth: never tuned on. */
export const HELD_OUT_9: Case[] = [
  { kind: 'colloquial', query: 'bateram no meu carro e preciso do boletim para o seguro', slugs: ['delegacia-virtual-boletim-de-ocorrencia', 'registro-de-ocorrencia-na-delegacia', 'copia-de-boletim-de-ocorrencia'] },
  { kind: 'colloquial', query: 'quero saber quantos pontos tenho na carteira', slugs: ['consulta-de-pontuacao-da-cnh'] },
  { kind: 'colloquial', query: 'perdi o documento da moto', slugs: ['segunda-via-do-crv-e-crlv'] },
  { kind: 'colloquial', query: 'quero levar meu carro para vistoria', slugs: ['vistoria-veicular'] },
  { kind: 'colloquial', query: 'minha filha de dois anos precisa de rg', slugs: ['carteira-de-identidade-para-criancas'] },
  { kind: 'colloquial', query: 'quero usar meu nome social no documento', slugs: ['nome-social-na-carteira-de-identidade'] },
  { kind: 'colloquial', query: 'minha identidade ficou pronta', slugs: ['consulta-e-retirada-da-carteira-de-identidade'] },
  { kind: 'colloquial', query: 'quero entrar na uespi com a nota do enem', slugs: ['ingresso-na-uespi-pelo-sisu'] },
  { kind: 'colloquial', query: 'quero trocar meu filho de escola', slugs: ['transferencia-escolar'] },
  { kind: 'colloquial', query: 'preciso de um remédio caro que o sus dá', slugs: ['medicamentos-especializados-alto-custo'] },
  { kind: 'colloquial', query: 'quero marcar para doar sangue no hemopi', slugs: ['agendamento-de-doacao-de-sangue'] },
  { kind: 'colloquial', query: 'estou grávida e quero saber qual maternidade', slugs: ['hospitais-de-referencia'] },
  { kind: 'colloquial', query: 'o plano do servidor não liberou minha cirurgia', slugs: ['autorizacao-de-procedimentos-plamta'] },
  { kind: 'colloquial', query: 'minha empresa tem dívida com a sefaz e quero parcelar', slugs: ['parcelamento-de-debitos-fiscais'] },
  { kind: 'colloquial', query: 'comprei e a loja não me deu nota fiscal', slugs: ['denuncia-de-nao-emissao-de-nota-fiscal'] },
  { kind: 'colloquial', query: 'quero cadastrar minha fazenda no car', slugs: ['cadastro-ambiental-rural-car'] },
  { kind: 'colloquial', query: 'estão queimando o mato perto do rio', slugs: ['denuncia-ambiental', 'emergencia-bombeiros-193'] },
  { kind: 'colloquial', query: 'a estrada está cheia de buraco', slugs: ['informacoes-sobre-rodovias-estaduais'] },
  { kind: 'typo', query: 'pensão por morti', slugs: ['pensao-por-morte'] },
  { kind: 'typo', query: 'inscrisão estadual', slugs: ['inscricao-estadual'] },
  { kind: 'typo', query: 'doassão de sangue', slugs: ['agendamento-de-doacao-de-sangue'] },
  { kind: 'typo', query: 'restituisão de imposto', slugs: ['restituicao-de-tributos-estaduais'] },
  { kind: 'typo', query: 'cirurgia eletiva fila', slugs: ['cirurgias-eletivas'] },
  { kind: 'typo', query: 'abertura de empreza', slugs: ['abertura-de-empresa'] },
  { kind: 'popular', query: 'alvará dos bombeiros', slugs: ['vistoria-e-certificado-do-corpo-de-bombeiros'] },
  { kind: 'popular', query: 'carta de encaminhamento', slugs: ['sine-vagas-de-emprego'] },
  { kind: 'popular', query: 'e-cpf', slugs: ['certificado-digital-para-servidores'] },
  { kind: 'popular', query: 'seguro safra', slugs: ['garantia-safra'] },
  { kind: 'popular', query: 'ronda no bairro', slugs: ['policiamento-comunitario-ronda-cidadao'] },
  { kind: 'fragment', query: 'leiloeiro', slugs: ['registro-de-leiloeiro'] },
  { kind: 'fragment', query: 'agrotóxico', slugs: ['registro-de-agrotoxicos'] },
  { kind: 'fragment', query: 'rebanho', slugs: ['cadastro-de-propriedade-rural-e-rebanho', 'declaracao-de-vacinacao-do-rebanho'] },
  { kind: 'intent', query: 'secretaria de saúde', departments: ['sesapi'] },
  { kind: 'intent', query: 'serviços da uespi', departments: ['uespi'] },
  { kind: 'intent', query: 'junta comercial', departments: ['jucepi'] },
  { kind: 'elsewhere', query: 'segunda via da conta de energia', elsewhere: true, bestBet: 'Equatorial' },
  { kind: 'elsewhere', query: 'castrar minha gata', elsewhere: true, bestBet: 'Prefeitura' },
  { kind: 'elsewhere', query: 'consultar saldo do fgts', elsewhere: true, bestBet: 'Caixa' },
  { kind: 'elsewhere', query: 'marcar consulta no posto de saúde', elsewhere: true, bestBet: 'Prefeitura' },
  { kind: 'elsewhere', query: 'emprestimo no banco', elsewhere: true },
  { kind: 'adversarial', query: '%%%% renovação cnh %%%%', slugs: ['renovacao-da-cnh'] },
];

export const BATCHES: { name: string; tuned: Case[]; heldOut: Case[] }[] = [
  { name: '1 (2026-11-27)', tuned: TUNING_1, heldOut: HELD_OUT_1 },
  { name: '2 (2026-11-29, split in turn)', tuned: TUNING_2, heldOut: HELD_OUT_2 },
  { name: '3 (2026-11-29, colloquial, tuned on)', tuned: TUNING_3, heldOut: [] },
  { name: '4 (2026-11-29, colloquial, held out)', tuned: [], heldOut: HELD_OUT_4 },
  { name: '5 (2026-11-29, written after the first tuning, then tuned on)', tuned: TUNING_5, heldOut: [] },
  { name: '6 (2026-11-29, every kind, held out)', tuned: [], heldOut: HELD_OUT_6 },
  { name: '7 (2026-11-29, session 22, every kind, held out)', tuned: [], heldOut: HELD_OUT_7 },
  { name: '8 (2026-11-29, session 22, colloquial, tuned on)', tuned: TUNING_8, heldOut: [] },
  { name: '9 (2026-11-29, session 22, every kind, held out)', tuned: [], heldOut: HELD_OUT_9 },
];

/** Every case tuned on, and every case held out. */
export const TUNING: Case[] = BATCHES.flatMap((batch) => batch.tuned);
export const HELD_OUT: Case[] = BATCHES.flatMap((batch) => batch.heldOut);

/**
 * The typo kind, made from the catalog rather than written (session 22): each popular name with one word of five
 * letters or more typed with one letter wrong (dropped, doubled, changed, or swapped with the next, never the first),
 * or (`how`) misspelt as it sounds, or abbreviated, the word and the mistake drawn from `seed`. Right when the first answer is a service of that popular name. Only
 * names the search gets right as written count: what is measured is the typo. No seed was tuned on but 7.
 */
export type Misspelling = 'letter' | 'sound' | 'short';

export function typoCases(names: { slug: string; name: string }[], seed: number, how: Misspelling = 'letter'): Case[] {
  const owners = new Map<string, Set<string>>();
  for (const { slug, name } of names) {
    const key = name.toLowerCase();
    if (!owners.has(key)) owners.set(key, new Set());
    owners.get(key)!.add(slug);
  }
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const mistype = (word: string) => {
    const i = 1 + Math.floor(random() * (word.length - 2));
    const mistakes = [
      () => word.slice(0, i) + word.slice(i + 1),
      () => word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2),
      () => word.slice(0, i) + pick([...'abcdefghijlmnopqrstuvxz']) + word.slice(i + 1),
      () => word.slice(0, i) + word[i] + word.slice(i),
    ];
    return pick(mistakes)();
  };
  const cases: Case[] = [];
  for (const [name, slugs] of owners) {
    const words = name.split(/\s+/);
    const change = (word: string) => (how === 'sound' ? misspell(word, random) : how === 'short' ? abbreviate(word) : mistype(word));
    const long = words.flatMap((word, i) => (word.length >= 5 && /^\p{L}+$/u.test(word) && (how === 'letter' || change(word) !== word) ? [i] : []));
    if (!long.length) continue;
    const i = pick(long);
    cases.push({ kind: 'typo', query: words.map((word, j) => (j === i ? change(word) : word)).join(' '), slugs: [...slugs] });
    cases.push({ kind: 'popular', query: name, slugs: [...slugs] });
  }
  return cases;
}

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

/**
 * A word of seven letters or more as it is abbreviated: cut after its first consonant past the third letter that
 * no Portuguese word ends with ('certidão' 'cert', 'segunda' 'seg', 'transferência' 'transf', 'documento' 'doc');
 * the word itself when it has none.
 */
function abbreviate(word: string): string {
  if (word.length < 7) return word;
  const plain = word.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const cut = /^.{2,}?[bcdfgjkpqtv]/.exec(plain.slice(0, word.length - 2));
  return cut ? cut[0] : word;
}

/**
 * A word misspelt as it sounds, as Brazilians most often misspell (one of the spots it has, drawn by `random`):
 * 'ç' and 'ção' as 'ss' and 'ssão', an 's' between vowels as 'z' and a 'z' as 's', 'ce'/'ci' as 'se'/'si', a final
 * 'e' as 'i' and 'o' as 'u', 'm' before 'p' or 'b' as 'n', 'x' as 'ch' and 'ch' as 'x'. The word itself when it has none.
 */
function misspell(word: string, random: () => number): string {
  const rules: [RegExp, string][] = [
    [/ç/, 'ss'],
    [/(?<=[aeiouáéíóúâêôãõ])s(?=[aeiouáéíóúâêôãõ])/, 'z'],
    [/z/, 's'],
    [/c(?=[ei])/, 's'],
    [/e$/, 'i'],
    [/o$/, 'u'],
    [/m(?=[pb])/, 'n'],
    [/x/, 'ch'],
    [/ch/, 'x'],
  ];
  const spots = rules.filter(([pattern]) => pattern.test(word));
  if (!spots.length) return word;
  const [pattern, replacement] = spots[Math.floor(random() * spots.length)]!;
  return word.replace(pattern, replacement);
}

/** Every popular name of an active service, for typoCases. */
export function popularNames(db: Database) {
  return rows<{ slug: string; name: string }>(db, sql`select s.slug, p.name from service_popular_names p join services s on s.id = p.service_id where s.active order by s.slug, p.name`);
}

/** typoCases measured: of the names the search gets right as written, how many it gets right with the typo. */
export async function measureTypos(app: App, db: Database, seed: number, how: Misspelling = 'letter') {
  const outcomes = await measure(app, typoCases(await popularNames(db), seed, how));
  const pairs = outcomes.flatMap((typo, i) => (i % 2 === 0 && outcomes[i + 1]!.rank1 ? [typo] : []));
  return { of: pairs.length, rank1: pairs.filter((o) => o.rank1).length, top3: pairs.filter((o) => o.top3).length, wrong: pairs.filter((o) => !o.rank1).map((o) => o.kase.query) };
}
