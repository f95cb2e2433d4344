import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { findSuggestion } from './simplifique.repository.ts';
import { SUGGESTIONS_PER_HOUR } from './simplifique.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (body: unknown, authorization?: string) =>
  t.app.inject({ method: 'POST', url: '/v1/simplifique', payload: body as object, headers: authorization ? { authorization } : {} });

const valid = { assunto: 'simplificar-servico', servico: 'Renovação da CNH', mensagem: 'Permitir anexar o exame médico pelo portal, sem ir ao DETRAN.' };

describe('POST /v1/simplifique', () => {
  it('stores an anonymous suggestion and answers its protocol', async () => {
    const res = await send({ ...valid, nome: '  Ana  ', email: 'ana@exemplo.com.br' });
    expect(res.statusCode).toBe(201);
    const { protocolo } = res.json();
    expect(protocolo).toMatch(/^SIMP-\d{4}-\d{6}$/);
    const row = await findSuggestion(t.app.db, protocolo);
    expect(row).toMatchObject({ subject: 'simplificar-servico', service: 'Renovação da CNH', name: 'Ana', email: 'ana@exemplo.com.br', userSub: null });
  });

  it('links the suggestion to the citizen who sends a token', async () => {
    const token = await t.token({ sub: 'cidada-simplifique' });
    const res = await send(valid, `Bearer ${token}`);
    expect(res.statusCode).toBe(201);
    expect((await findSuggestion(t.app.db, res.json().protocolo))?.userSub).toBe('cidada-simplifique');
    const mine = await t.app.inject({ url: '/v1/simplifique/minhas', headers: { authorization: `Bearer ${token}` } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([expect.objectContaining({ protocolo: res.json().protocolo, assunto: 'simplificar-servico', servico: 'Renovação da CNH' })]);
    const other = await t.app.inject({ url: '/v1/simplifique/minhas', headers: { authorization: `Bearer ${await t.token({ sub: 'outra-pessoa' })}` } });
    expect(other.json()).toEqual([]);
    expect((await t.app.inject({ url: '/v1/simplifique/minhas' })).statusCode).toBe(401);
  });

  it.each([
    ['no subject', { ...valid, assunto: undefined }, /assunto/],
    ['an unknown subject', { ...valid, assunto: 'spam' }, /assunto/],
    ['no message', { ...valid, mensagem: '   ' }, /Escreva a sua sugestão/],
    ['a short message', { ...valid, mensagem: 'curta' }, /pelo menos 20 caracteres/],
    ['a long message', { ...valid, mensagem: 'x'.repeat(4001) }, /no máximo 4000/],
    ['a bad e-mail', { ...valid, email: 'ana@' }, /e-mail válido/],
  ])('refuses %s with a Portuguese message', async (_name, body, message) => {
    const res = await send(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});

describe('POST /v1/simplifique: floods', () => {
  it('takes ten suggestions an hour from one sender, refuses the eleventh in Portuguese, and keeps no address', async () => {
    const from = (remoteAddress: string) => t.app.inject({ method: 'POST', url: '/v1/simplifique', payload: valid, remoteAddress });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await from('10.20.30.40')).statusCode);
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    const refused = await from('10.20.30.40');
    expect(refused.json().message).toMatch(/muitas sugestões em pouco tempo/);
    expect((await from('10.20.30.41')).statusCode).toBe(201);
    const stored = JSON.stringify(((await t.app.db.execute(sql`select * from simplifique_suggestions`)) as unknown as { rows: unknown[] }).rows);
    expect(stored).not.toContain('10.20.30.40');
  });

  it('takes exactly ten of 15 simultaneous suggestions from one sender', async () => {
    const count = async () => ((await t.app.db.execute(sql`select count(*)::int as n from simplifique_suggestions`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const before = await count();
    const answers = await Promise.all(Array.from({ length: 15 }, () => t.app.inject({ method: 'POST', url: '/v1/simplifique', payload: valid, remoteAddress: '10.20.30.50' })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(SUGGESTIONS_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15 - SUGGESTIONS_PER_HOUR);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toMatch(/^Você enviou muitas sugestões em pouco tempo\. Obrigado! Tente novamente daqui a \d+ (minutos?|segundos?|hora)\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count()).toBe(before + SUGGESTIONS_PER_HOUR);
  });
});
