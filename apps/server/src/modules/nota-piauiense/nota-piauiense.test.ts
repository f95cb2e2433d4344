import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { itRefusesBadBearers } from '../../test-support/bearer.ts';

const URL = '/api/govpicidadao-middleware/sefaz/nota-piauiense/lista-notas';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The clients' cleaning rule (spec §5): keep digits and the dot, parse; invalid or missing is zero. */
const clean = (value: unknown) => {
  const n = Number.parseFloat(String(value ?? '').replace(/[^\d.]/g, ''));
  return Number.isFinite(n) ? n : 0;
};

describe('GET lista-notas', () => {
  it("answers Maria's balance as a string the cleaning rule reads as 137.45, with her receipts", async () => {
    const res = await t.app.inject({ url: URL, headers: { authorization: `Bearer ${await t.tokenFor('maria.silva')}` } });
    expect(res.statusCode).toBe(200);
    const { saldoNotaPovo, notas } = res.json().data;
    expect(saldoNotaPovo.saldoLiberado).toBe('137.45');
    expect(clean(saldoNotaPovo.saldoLiberado)).toBe(137.45);
    expect(saldoNotaPovo.saldoLiberadoFormatado).toBe('R$ 137,45');
    expect(saldoNotaPovo.valorMinimoSaque).toBe('25.00');
    expect(notas.length).toBe(5);
    const released = notas.filter((n: { situacao: string }) => n.situacao === 'Liberado').reduce((s: number, n: { valorCredito: string }) => s + Number(n.valorCredito), 0);
    expect(released.toFixed(2)).toBe('137.45');
  });

  it("answers João's zero balance, and zero for a citizen with no account yet", async () => {
    const joao = (await t.app.inject({ url: URL, headers: { authorization: `Bearer ${await t.tokenFor('joao.souza')}` } })).json();
    expect(joao.data.saldoNotaPovo).toMatchObject({ saldoLiberado: '0.00', saldoLiberadoFormatado: 'R$ 0,00' });
    expect(joao.data.notas).toEqual([]);
    const stranger = (await t.app.inject({ url: URL, headers: { authorization: `Bearer ${await t.token({ sub: 'someone-new' })}` } })).json();
    expect(stranger.data.saldoNotaPovo.saldoLiberado).toBe('0.00');
  });

  describe('bearer checks', () => itRefusesBadBearers(() => t, () => ({ url: URL })));
});
