import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';

// What citizens type, and the service they mean. Accents left out, typos, popular names and synonyms on
// purpose. Where one service is obviously meant (one slug listed), it must be the first result (P@1);
// where the query is broad (several slugs, or `within` 3), one of them must be among the first three (hit@3).
const CIN1 = 'carteira-de-identidade-primeira-via';
const CIN2 = 'carteira-de-identidade-segunda-via';
const RENEW = 'renovacao-da-cnh';
const FIRST = 'primeira-habilitacao';
const CASES: [query: string, expected: string[], within?: number][] = [
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
  // Servants' and retirees' pay slips are both 'contracheques': either may come first.
  ['contracheque', ['contracheque-do-servidor'], 3],
  ['holerite', ['contracheque-do-servidor'], 3],
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

const top = async (query: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/v1/search', payload: { query, groups: ['CATALOG'], from: 0 } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { slug: string }[]).map((i) => i.slug);
};

describe('search relevance', () => {
  it(`has at least 40 realistic queries, most of them naming one service`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    expect(CASES.filter(([, expected, within]) => expected.length === 1 && !within).length).toBeGreaterThanOrEqual(40);
  });

  for (const [query, expected, within] of CASES) {
    if (expected.length === 1 && !within) {
      it(`"${query}" → ${expected[0]} first`, async () => {
        const slugs = await top(query);
        expect(slugs[0], `first results for "${query}": ${slugs.slice(0, 3).join(', ')}`).toBe(expected[0]);
      });
    } else {
      it(`"${query}" → ${expected.join(' or ')} in the top 3`, async () => {
        const slugs = (await top(query)).slice(0, 3);
        expect(slugs.some((slug) => expected.includes(slug)), `top 3 for "${query}": ${slugs.join(', ')}`).toBe(true);
      });
    }
  }

  it('ranks a service named exactly by the query above services that only mention it (issue 13)', async () => {
    // 'ipva' is in the tags and text of the tax exemptions too; the DAE's title begins with it.
    expect((await top('ipva'))[0]).toBe('emissao-do-dae-do-ipva');
    // An acronym in the title, and a popular name, are names too.
    expect((await top('gta'))[0]).toBe('guia-de-transito-animal-gta');
    expect((await top('ciptea'))[0]).toBe('carteira-de-identificacao-da-pessoa-com-tea');
  });
});
