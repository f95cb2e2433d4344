import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';

// What citizens type, and the service they mean: it must be among the first three results.
// Accents left out, typos, popular names and synonyms on purpose.
const CIN1 = 'carteira-de-identidade-primeira-via';
const CIN2 = 'carteira-de-identidade-segunda-via';
const RENEW = 'renovacao-da-cnh';
const FIRST = 'primeira-habilitacao';
const CASES: [string, string[]][] = [
  ['rg', [CIN1, CIN2]],
  ['identidade', [CIN1, CIN2]],
  ['identiadde', [CIN1, CIN2]],
  ['carteira de identidade', [CIN1, CIN2]],
  ['CIN', [CIN1, CIN2]],
  ['tirar identidade', [CIN1]],
  ['segunda via do rg', [CIN2]],
  ['rg perdido', [CIN2]],
  ['renovar cnh', [RENEW]],
  ['renovação da carteira de motorista', [RENEW]],
  ['renovacao habilitacao', [RENEW]],
  ['cnh vencida', [RENEW]],
  ['carteira de motorista', [RENEW, FIRST]],
  ['tirar carteira de motorista', [FIRST]],
  ['primeira habilitação', [FIRST]],
  ['habilitacao', [RENEW, FIRST]],
  ['licenciamento do carro', ['licenciamento-anual-de-veiculo']],
  ['licensiamento veiculo', ['licenciamento-anual-de-veiculo']],
  ['crlv', ['licenciamento-anual-de-veiculo']],
  ['ipva', ['emissao-do-dae-do-ipva']],
  ['boleto do ipva', ['emissao-do-dae-do-ipva']],
  ['imposto do carro', ['emissao-do-dae-do-ipva']],
  ['transferir veiculo', ['transferencia-de-propriedade-de-veiculo']],
  ['transferência de propriedade', ['transferencia-de-propriedade-de-veiculo']],
  ['multa de transito', ['consulta-e-recurso-de-multas-de-transito']],
  ['recurso de multa', ['consulta-e-recurso-de-multas-de-transito']],
  ['B.O.', ['delegacia-virtual-boletim-de-ocorrencia']],
  ['boletim de ocorrencia', ['delegacia-virtual-boletim-de-ocorrencia']],
  ['delegacia virtual', ['delegacia-virtual-boletim-de-ocorrencia']],
  ['antecedentes criminais', ['certidao-de-antecedentes-criminais']],
  ['nada consta criminal', ['certidao-de-antecedentes-criminais']],
  ['matricula escolar', ['matricula-na-rede-estadual']],
  ['vaga na escola', ['matricula-na-rede-estadual']],
  ['historico escolar', ['historico-escolar']],
  ['CND', ['certidao-negativa-de-debitos-estaduais']],
  ['certidao negativa de debitos', ['certidao-negativa-de-debitos-estaduais']],
  ['nota fiscal avulsa', ['nota-fiscal-avulsa']],
  ['nota piauiense', ['cadastro-nota-piauiense']],
  ['contracheque', ['contracheque-do-servidor']],
  ['holerite', ['contracheque-do-servidor']],
  ['prova de vida', ['prova-de-vida-piauiprev']],
  ['recadastramento aposentado', ['prova-de-vida-piauiprev']],
  ['marcar consulta', ['agendamento-de-consultas-e-exames']],
  ['remedio de alto custo', ['medicamentos-especializados-alto-custo']],
  ['abrir empresa', ['abertura-de-empresa']],
  ['inscricao estadual', ['inscricao-estadual']],
  ['licença ambiental', ['licenciamento-ambiental']],
  ['gta', ['guia-de-transito-animal-gta']],
  ['guia de transito animal', ['guia-de-transito-animal-gta']],
  ['carteira do autista', ['carteira-de-identificacao-da-pessoa-com-tea']],
  ['autismo', ['carteira-de-identificacao-da-pessoa-com-tea']],
  ['ouvidoria', ['manifestacao-na-ouvidoria']],
  ['fazer uma reclamação', ['manifestacao-na-ouvidoria']],
  ['vagas de emprego', ['sine-vagas-de-emprego']],
  ['sine', ['sine-vagas-de-emprego']],
  ['doar sangue', ['agendamento-de-doacao-de-sangue']],
  ['doaçao de sangue', ['agendamento-de-doacao-de-sangue']],
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('search relevance', () => {
  it(`has at least 40 realistic queries`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });

  for (const [query, expected] of CASES) {
    it(`"${query}" → ${expected.join(' or ')} in the top 3`, async () => {
      const res = await t.app.inject({ method: 'POST', url: '/v1/search', payload: { query, groups: ['CATALOG'], from: 0 } });
      expect(res.statusCode).toBe(200);
      const top = (res.json() as { slug: string }[]).slice(0, 3).map((i) => i.slug);
      expect(top.some((slug) => expected.includes(slug)), `top 3 for "${query}": ${top.join(', ')}`).toBe(true);
    });
  }
});
