import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { HELD_OUT, TUNING, TYPING } from './relevance-batches.ts';
import { BATCH_11 } from './relevance-batch-11.ts';
import { BATCH_12 } from './relevance-batch-12.ts';
import { HELD_OUT_1, HELD_OUT_6, HELD_OUT_7, TUNING_1, TUNING_2, TUNING_3, TUNING_5 } from './relevance-cases.ts';
import { measure, measureTypos, type Outcome } from './relevance-measure.ts';

// Issue 25: a search that says when the state has no service for what was asked, and who does provide it. The
// figures of both parts are in bench/README.md (npx tsx bench/relevance.ts); these are floors under them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const share = (outcomes: Outcome[], test: (o: Outcome) => boolean) => outcomes.filter(test).length / Math.max(1, outcomes.length);
const answerable = (outcomes: Outcome[]) => outcomes.filter((o) => !o.kase.elsewhere);
const elsewhere = (outcomes: Outcome[]) => outcomes.filter((o) => o.kase.elsewhere);

describe('relevance cases of every kind, tuned on and held out', () => {
  it('has every kind in both parts', () => {
    for (const part of [TUNING, HELD_OUT]) {
      expect(new Set(part.map((c) => c.kind))).toEqual(new Set(['colloquial', 'typo', 'popular', 'fragment', 'intent', 'elsewhere', 'adversarial']));
    }
  });

  const wrongOf = (outcomes: Outcome[]) => outcomes.filter((o) => (o.kase.elsewhere ? !o.unanswered : !o.rank1)).map((o) => o.kase.query).join(' · ');

  it('answers the first batch tuned on: rank 1 ≥ 95 %, top 3 ≥ 98 %, things the state does not provide said so ≥ 90 %', async () => {
    const outcomes = await measure(t.app, TUNING_1);
    expect(share(answerable(outcomes), (o) => o.rank1), `wrong: ${wrongOf(outcomes)}`).toBeGreaterThanOrEqual(0.95);
    expect(share(answerable(outcomes), (o) => o.top3)).toBeGreaterThanOrEqual(0.98);
    expect(share(elsewhere(outcomes), (o) => o.unanswered), `wrong: ${wrongOf(outcomes)}`).toBeGreaterThanOrEqual(0.9);
  });

  it('answers the later batches tuned on, more colloquial: rank 1 and top 3 ≥ 88 %, no state service said so ≥ 90 %', async () => {
    const outcomes = await measure(t.app, [...TUNING_2, ...TUNING_3, ...TUNING_5]);
    expect(share(answerable(outcomes), (o) => o.rank1), `wrong: ${wrongOf(outcomes)}`).toBeGreaterThanOrEqual(0.88);
    expect(share(answerable(outcomes), (o) => o.top3)).toBeGreaterThanOrEqual(0.88);
    expect(share(elsewhere(outcomes), (o) => o.unanswered), `wrong: ${wrongOf(outcomes)}`).toBeGreaterThanOrEqual(0.9);
  });

  it('holds on the cases it was never tuned on (floors a little under what bench/README.md records)', async () => {
    const first = await measure(t.app, HELD_OUT_1);
    expect(share(answerable(first), (o) => o.top3), `wrong: ${wrongOf(first)}`).toBeGreaterThanOrEqual(0.9);
    // The two batches written in the shares of every kind, never tuned on.
    const latest = await measure(t.app, [...HELD_OUT_6, ...HELD_OUT_7]);
    expect(share(answerable(latest), (o) => o.rank1), `wrong: ${wrongOf(latest)}`).toBeGreaterThanOrEqual(0.92);
    expect(share(answerable(latest), (o) => o.top3), `wrong: ${wrongOf(latest)}`).toBeGreaterThanOrEqual(0.95);
    expect(share(elsewhere(latest), (o) => o.unanswered), `wrong: ${wrongOf(latest)}`).toBeGreaterThanOrEqual(0.9);
    // Batches 11 and 12, written blind by another hand (session 24, decision 047): where the search stands on questions
    // in words the catalog does not use (11: 68 % in the top 3; 12, every kind in even shares: 77 %); floors against going back.
    const blind = await measure(t.app, BATCH_11);
    expect(share(answerable(blind), (o) => o.top3), `wrong: ${wrongOf(blind)}`).toBeGreaterThanOrEqual(0.65);
    expect(share(elsewhere(blind), (o) => o.unanswered), `wrong: ${wrongOf(blind)}`).toBeGreaterThanOrEqual(0.85);
    const even = await measure(t.app, BATCH_12);
    expect(share(answerable(even), (o) => o.top3), `wrong: ${wrongOf(even)}`).toBeGreaterThanOrEqual(0.72);
    expect(share(elsewhere(even), (o) => o.unanswered), `wrong: ${wrongOf(even)}`).toBeGreaterThanOrEqual(0.8);
    const outcomes = await measure(t.app, HELD_OUT);
    expect(share(answerable(outcomes), (o) => o.top3)).toBeGreaterThanOrEqual(0.78);
    expect(share(elsewhere(outcomes), (o) => o.unanswered)).toBeGreaterThanOrEqual(0.9);
  });
});

/** A measure of a thousand searches or more: on two busy cores it took past the default 30 s once. */
const MEASURING_MS = 120_000;

describe('typos made from the catalog (typoCases)', () => {
  it('finds a popular name typed with one letter wrong as it finds it written: right at rank 1 ≥ 98 % (seed 11, never tuned on)', async () => {
    const typos = await measureTypos(t.app, t.database.db, 11);
    expect(typos.of).toBeGreaterThan(500);
    expect(typos.rank1 / typos.of, `wrong: ${typos.wrong.join(' · ')}`).toBeGreaterThanOrEqual(0.98);
  }, MEASURING_MS);

  it('finds a popular name misspelt as it sounds as it finds it written: right at rank 1 ≥ 98 % (seed 11, never tuned on)', async () => {
    const typos = await measureTypos(t.app, t.database.db, 11, 'sound');
    expect(typos.of).toBeGreaterThan(400);
    expect(typos.rank1 / typos.of, `wrong: ${typos.wrong.join(' · ')}`).toBeGreaterThanOrEqual(0.98);
  }, MEASURING_MS);

  it("reads a popular name with one word abbreviated ('seg via', 'cert negativa'): right at rank 1 ≥ 92 % (seed 11, never tuned on; 50 % in session 21, 88 % in 22)", async () => {
    const typos = await measureTypos(t.app, t.database.db, 11, 'short');
    expect(typos.of).toBeGreaterThan(400);
    expect(typos.rank1 / typos.of, `wrong: ${typos.wrong.join(' · ')}`).toBeGreaterThanOrEqual(0.92);
  }, MEASURING_MS);

  it("reads an abbreviation as the words it begins before a word one letter shorter, and a known acronym's letters as the longer words too: 'cart sus', 'cad imei', 'cnh def'", async () => {
    const first = async (query: string) =>
      ((await t.app.inject({ method: 'POST', url: '/v1/search', payload: { query, groups: ['CATALOG'], from: 0 } })).json() as { slug: string; answers?: boolean }[])[0];
    // 'cart' is one letter from 'car' (the rural register), and begins 'cartão'.
    expect(await first('cart sus')).toMatchObject({ slug: 'cartao-nacional-de-saude', answers: true });
    // 'cad' is a known word ('CAD ICMS'), and also begins 'cadastrar'.
    expect(await first('cad imei')).toMatchObject({ slug: 'aplicativo-protege-celular', answers: true });
    // 'def' begins 'defesa' and 'deficiência' more often than 'definitiva': the CNH's defence and the definitive CNH both answer.
    const answers = ((await t.app.inject({ method: 'POST', url: '/v1/search', payload: { query: 'cnh def', groups: ['CATALOG'], from: 0 } })).json() as { slug: string; answers?: boolean }[])
      .filter((item) => item.answers)
      .map((item) => item.slug);
    expect(answers).toContain('cnh-definitiva');
  });

  it("corrects a typo to the word the rest of the text means, never to a stop word: 'temo de apreensão', 'maria da penla', 'careira de identidade'", async () => {
    const first = async (query: string) =>
      ((await t.app.inject({ method: 'POST', url: '/v1/search', payload: { query, groups: ['CATALOG'], from: 0 } })).json() as { slug: string; answers?: boolean }[])[0];
    expect(await first('temo de apreensão')).toMatchObject({ slug: 'liberacao-de-mercadorias-retidas-em-posto-fiscal', answers: true });
    expect(await first('rcurso lai')).toMatchObject({ slug: 'recurso-de-acesso-a-informacao', answers: true });
    expect((await first('maria da penla'))?.answers).toBe(true);
    expect(await first('careira de identidade')).toMatchObject({ slug: 'carteira-de-identidade-primeira-via', answers: true });
  });
});

describe('no state service for the text', () => {
  it("says no result answers 'passaporte', and that the Polícia Federal provides it, outside the portal", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/search', payload: { query: 'passaporte', groups: ['CATALOG'], from: 0 } });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { answers?: boolean }[]).every((item) => item.answers === false)).toBe(true);
    const bets = await t.app.inject({ method: 'GET', url: '/v1/search/best-bets?q=tirar%20passaporte' });
    expect(bets.statusCode).toBe(200);
    expect(bets.json()).toEqual([expect.objectContaining({ title: 'Passaporte', provider: 'Polícia Federal', external: true, url: expect.stringMatching(/^https:\/\//) })]);
  });

  it('lets a service the text names answer beside a best bet (CPF na nota is the Nota Piauiense)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/search', payload: { query: 'cpf na nota', groups: ['CATALOG'], from: 0 } });
    const first = (res.json() as { slug: string; answers?: boolean }[])[0]!;
    expect(first).toMatchObject({ slug: 'cadastro-nota-piauiense', answers: true });
  });

  it("lets a service answer a text a best bet claims a word of only when what names it has that word and more of the text: 'cadastrar meu cpf na nota', 'estudar para o enem de graça'; not 'cpf cancelado'", async () => {
    const search = async (query: string) =>
      (await t.app.inject({ method: 'POST', url: '/v1/search', payload: { query, groups: ['CATALOG'], from: 0 } })).json() as { slug: string; answers?: boolean }[];
    expect((await search('quero cadastrar meu cpf na nota'))[0]).toMatchObject({ slug: 'cadastro-nota-piauiense', answers: true });
    expect((await search('quero estudar para o enem de graça'))[0]).toMatchObject({ slug: 'pre-enem-seduc', answers: true });
    // The Nota Piauiense's names have 'CPF', and nothing else of these texts: the Receita Federal's, and the Inep's.
    for (const query of ['cpf cancelado', 'enem', 'aposentadoria pelo inss']) {
      expect((await search(query)).filter((item) => item.answers), query).toEqual([]);
    }
  });

  it('keeps every result of a list that is not a search by words free of the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/search', payload: { category: 'transito-e-veiculos', from: 0 } });
    expect((res.json() as object[]).every((item) => !('answers' in item))).toBe(true);
  });

  it('documents the field and the call in /openapi.json', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, unknown>; components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
    expect(doc.paths['/v1/search/best-bets']).toBeDefined();
    expect(JSON.stringify(doc.components.schemas)).toContain('true quando o serviço responde ao que foi buscado');
  });
});

describe("questions in the citizen's words (decision 044)", () => {
  const first = async (query: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/search', payload: { query, groups: ['CATALOG'], from: 0 } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { slug: string; answers?: boolean }[])[0];
  };

  it("searches for what is asked, not how: 'meu filho precisa de transporte pra escola' is the school transport", async () => {
    expect(await first('meu filho precisa de transporte pra escola')).toMatchObject({ slug: 'transporte-escolar', answers: true });
  });

  it("lets a verb the catalog does not use make no answer wrong: 'fui multado injustamente', 'quanto o governo gastou'", async () => {
    expect(await first('fui multado injustamente')).toMatchObject({ slug: 'consulta-e-recurso-de-multas-de-transito', answers: true });
    expect(await first('quanto o governo gastou')).toMatchObject({ slug: 'portal-da-transparencia', answers: true });
  });

  it("counts a synonym phrase as the words it holds: 'quero cortar árvores na minha propriedade' is the authorisation to clear vegetation", async () => {
    // 'cortar árvores' (two words, a synonym of 'supressão vegetal') and 'propriedade': its names have two words of three.
    expect(await first('quero cortar árvores na minha propriedade')).toMatchObject({ slug: 'autorizacao-de-supressao-vegetal', answers: true });
  });

  it("ranks a service whose names have a word before one whose department's name alone has it: 'aposentadoria servidor'", async () => {
    // PIAUIPREV's name says 'previdência', which 'aposentadoria' also means: every service of it has the word there.
    expect(['aposentadoria-voluntaria', 'simulacao-de-aposentadoria']).toContain((await first('aposentadoria servidor'))?.slug);
  });

  it("lets the one result whose names have more of a long question than any other answer it: 'abri uma clínica e preciso cadastrar no ministério da saúde'", async () => {
    expect(await first('abri uma clínica e preciso cadastrar no ministério da saúde')).toMatchObject({ slug: 'cadastro-de-estabelecimentos-no-cnes', answers: true });
    // Two results alike ('segunda via' of the vehicle's document and of the ID card): the text does not tell them apart, and the state provides neither.
    const items = (await t.app.inject({ method: 'POST', url: '/v1/search', payload: { query: 'segunda via da conta de gás', groups: ['CATALOG'], from: 0 } })).json() as { answers?: boolean }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.some((item) => item.answers)).toBe(false);
  });

  it("finds services in the words people use for who they are: 'sou cadeirante e quero viajar de ônibus de graça', 'tenho mais de sessenta anos e quero viajar sem pagar'", async () => {
    expect(await first('sou cadeirante e quero viajar de ônibus de graça')).toMatchObject({ slug: 'passe-livre-intermunicipal-pessoa-com-deficiencia', answers: true });
    expect(await first('tenho mais de sessenta anos e quero viajar sem pagar')).toMatchObject({ slug: 'carteira-da-pessoa-idosa', answers: true });
  });

  it("reads a question about what a department offers as the department's services: 'o que a piauiprev oferece', 'tudo do detran', 'coisas da adapi'", async () => {
    expect(await first('o que a piauiprev oferece')).toMatchObject({ departmentSlug: 'piauiprev', answers: true });
    expect(await first('tudo do detran')).toMatchObject({ departmentSlug: 'detran-pi', answers: true });
    expect(await first('coisas da adapi')).toMatchObject({ departmentSlug: 'adapi', answers: true });
  });

  it("reads the words that tie a question together as such, never 'corrects' them, and a verb in the plural past as a verb: 'clonaram meu whatsapp', 'meu irmão sumiu faz dois dias'", async () => {
    expect(await first('clonaram meu whatsapp')).toMatchObject({ slug: 'denuncia-de-crimes-ciberneticos', answers: true });
    expect(await first('meu irmão sumiu faz dois dias')).toMatchObject({ slug: 'comunicacao-de-pessoa-desaparecida', answers: true });
    const res = await t.app.inject({ method: 'GET', url: `/v1/search/suggestions?q=${encodeURIComponent('quero mais informação ')}` });
    // 'mais' was 'corrected' to 'mail'.
    expect((res.json() as { correction: string | null }).correction).toBeNull();
  });

  it("finds a best bet's term said without its link words: 'falta luz' is 'falta de luz'", async () => {
    const bets = await t.app.inject({ method: 'GET', url: `/v1/search/best-bets?q=${encodeURIComponent('falta luz na minha casa desde ontem')}` });
    expect((bets.json() as { provider: string }[]).map((b) => b.provider)).toEqual([expect.stringContaining('Equatorial')]);
  });

  it("reads two words typed apart as the one the catalog writes: 'contra cheque' is the pay slip, and the suggestion says so", async () => {
    expect((await first('contra cheque'))?.slug).toMatch(/^contracheque-/);
    const res = await t.app.inject({ method: 'GET', url: '/v1/search/suggestions?q=contra%20cheque%20' });
    expect((res.json() as { correction: string | null }).correction).toBe('contracheque');
  });

  it('still says so when the thing asked is a word the catalog does not know, whatever the verbs around it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/search', payload: { query: 'quero pagar a conta de gás', groups: ['CATALOG'], from: 0 } });
    expect((res.json() as { answers?: boolean }[]).every((item) => item.answers !== true)).toBe(true);
  });
});

describe('suggestions as one types', () => {
  for (const { prefix, includes, first } of TYPING) {
    it(`'${prefix}' offers ${includes}${first ? ' first' : ''}, and no 'Você quis dizer' for a word not yet finished`, async () => {
      const res = await t.app.inject({ method: 'GET', url: `/v1/search/suggestions?q=${encodeURIComponent(prefix)}` });
      const body = res.json() as { correction: string | null; services: { slug: string }[] };
      const slugs = body.services.map((s) => s.slug);
      if (first) expect(slugs[0]).toBe(includes);
      else expect(slugs).toContain(includes);
      expect(body.correction).toBeNull();
    });
  }
});
