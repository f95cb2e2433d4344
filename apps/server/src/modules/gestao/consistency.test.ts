import type { ConsistencyReport, GestaoService, MergeDocumentsResult, ServiceContent } from '@portal/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { renameDocument, similarDocuments } from './consistency.ts';

let t: TestApp;
const bearer: Record<string, string> = {};
const STAFF = { editorDetran: 'ana.detran', reviewerDetran: 'bruno.detran', editorSeduc: 'carla.seduc', admin: 'davi.central', citizen: 'maria.silva' };
type Who = keyof typeof STAFF;

beforeAll(async () => {
  t = await createTestApp();
  for (const [who, username] of Object.entries(STAFF)) bearer[who] = `Bearer ${await t.tokenFor(username)}`;
});
afterAll(() => t.close());

const call = (who: Who, options: InjectOptions) => t.app.inject({ ...options, headers: { ...options.headers, authorization: bearer[who] } });
const report = async () => (await call('admin', { url: '/v1/gestao/consistencia' })).json() as ConsistencyReport;
const service = (a: number, title = `Serviço ${a}`) => ({ id: a, title, department: 'DETRAN-PI' });

describe('which document names may name one document', () => {
  it('groups names with the same words in any order, or a qualifier apart, around the most used one', () => {
    const groups = similarDocuments([
      { name: 'Documento de identidade oficial com foto', service: service(1) },
      { name: 'Documento de identidade oficial com foto', service: service(2) },
      { name: 'Documento oficial de identidade com foto', service: service(3) },
      { name: 'Documento de identidade com foto (original)', service: service(4) },
      { name: 'CPF', service: service(5) },
      { name: 'CPF ou CNPJ', service: service(6) },
      { name: 'Procuração', service: service(7) },
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.names.map((n) => n.name)).toEqual(['Documento de identidade oficial com foto', 'Documento de identidade com foto (original)', 'Documento oficial de identidade com foto']);
    expect(groups[0]!.names[0]!.services.map((s) => s.id)).toEqual([1, 2]);
  });

  it('renames a document in the steps and in whole items of the documents block, never inside a longer name', () => {
    const content = {
      steps: [{ name: 'Etapa', description: '', channel: 'presencial', htmlContent: '', documents: ['CPF', 'Documento de identidade com foto', 'Documento oficial com foto'] }],
      info: [
        { title: 'Documentos necessários', text: '<ul><li>Documento de identidade com foto</li><li>CPF ou CNPJ</li><li>Documento de identidade com foto do responsável</li></ul>' },
        { title: 'Observações', text: '<p>Documento de identidade com foto</p>' },
      ],
    } as unknown as ServiceContent;
    const renamed = renameDocument(content, ['Documento de identidade com foto', 'Documento oficial com foto'], 'Documento de identidade oficial com foto');
    expect(renamed.steps[0]!.documents).toEqual(['CPF', 'Documento de identidade oficial com foto']);
    expect(renamed.info[0]!.text).toBe('<ul><li>Documento de identidade oficial com foto</li><li>CPF ou CNPJ</li><li>Documento de identidade com foto do responsável</li></ul>');
    expect(renamed.info[1]!.text).toBe('<p>Documento de identidade com foto</p>');
  });
});

describe('consistency across the catalog', () => {
  it('is for the central team only', async () => {
    for (const who of ['editorDetran', 'reviewerDetran', 'editorSeduc', 'citizen'] as const) {
      expect((await call(who, { url: '/v1/gestao/consistencia' })).statusCode).toBe(403);
      expect((await call(who, { method: 'POST', url: '/v1/gestao/consistencia/documentos', payload: { canonical: 'CPF', variants: ['C.P.F.'] } })).statusCode).toBe(403);
      expect((await call(who, { method: 'POST', url: '/v1/gestao/consistencia/unidades', payload: { source: 'a', targets: ['b'] } })).statusCode).toBe(403);
    }
  });

  it('gives a document one name: each service that used another gets a change its department reviews', async () => {
    const group = (await report()).documents.find((g) => g.names.some((n) => n.name === 'Documento de identidade com foto'));
    expect(group?.names.map((n) => n.name)).toContain('Documento de identidade oficial com foto');
    const using = group!.names.find((n) => n.name === 'Documento de identidade com foto')!.services;
    expect(using.length).toBeGreaterThan(1);

    const bad = await call('admin', { method: 'POST', url: '/v1/gestao/consistencia/documentos', payload: { canonical: 'Documento de identidade oficial com foto', variants: [] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Escolha ao menos um nome/);

    const merged = await call('admin', {
      method: 'POST',
      url: '/v1/gestao/consistencia/documentos',
      payload: { canonical: 'Documento de identidade oficial com foto', variants: ['Documento de identidade com foto'] },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const result = merged.json() as MergeDocumentsResult;
    expect(result.sent.map((s) => s.id).sort()).toEqual(using.map((s) => s.id).sort());

    // Citizens still read the old name until the department approves; a reviewer of SEDUC approves theirs.
    const seduc = result.sent.find((s) => s.department === 'SEDUC');
    expect(seduc).toBeDefined();
    const reviewer = { authorization: `Bearer ${await t.token({ sub: 'revisora-seduc', name: 'Revisora da SEDUC', roles: ['gestao:revisor:seduc'] })}` };
    const pending = (await t.app.inject({ url: `/v1/gestao/servicos/${seduc!.id}`, headers: reviewer })).json() as GestaoService;
    expect(pending.open).toMatchObject({ state: 'em_revisao', changeNote: expect.stringContaining('passa a ser "Documento de identidade oficial com foto"') });
    expect(JSON.stringify(pending.live.steps)).toContain('"Documento de identidade com foto"');
    expect((await t.app.inject({ method: 'POST', url: `/v1/gestao/servicos/${seduc!.id}/aprovar`, payload: {}, headers: reviewer })).statusCode).toBe(200);
    const live = ((await t.app.inject({ url: `/v1/gestao/servicos/${seduc!.id}`, headers: reviewer })).json() as GestaoService).live;
    expect(live.steps.flatMap((s) => s.documents)).toContain('Documento de identidade oficial com foto');
    expect(live.steps.flatMap((s) => s.documents)).not.toContain('Documento de identidade com foto');

    // Asked again, the services whose change is still under review are left alone, and say why.
    const again = (await call('admin', { method: 'POST', url: '/v1/gestao/consistencia/documentos', payload: { canonical: 'Documento de identidade oficial com foto', variants: ['Documento de identidade com foto'] } })).json() as MergeDocumentsResult;
    expect(again.sent).toEqual([]);
    expect(again.skipped.length).toBe(result.sent.length - 1);
    expect(again.skipped[0]!.reason).toMatch(/alteração em andamento/);
  });

  it('gives one address to units that are one place, and citizens read it at once', async () => {
    const unit = (address: string) => ({ name: 'Espaço da Cidadania de Parnaíba', address, district: 'Centro', complement: '', postalCode: '64200-000', city: 'Parnaíba', openingTime: '8h às 14h', phone: '', latitude: null, longitude: null, active: true });
    const right = await call('admin', { method: 'POST', url: '/v1/gestao/orgaos/detran-pi/unidades', payload: unit('Av. Presidente Vargas, 235') });
    const wrong = await call('admin', { method: 'POST', url: '/v1/gestao/orgaos/seduc/unidades', payload: unit('Av. Pres. Vargas, 253') });
    expect(right.statusCode, right.body).toBe(200);
    expect(wrong.statusCode, wrong.body).toBe(200);
    const apart = (await report()).units.find((g) => g.name === 'Espaço da Cidadania de Parnaíba');
    expect(apart?.units.map((u) => u.department).sort()).toEqual(['DETRAN-PI', 'SEDUC']);
    const source = apart!.units.find((u) => u.department === 'DETRAN-PI')!.slug;
    const target = apart!.units.find((u) => u.department === 'SEDUC')!.slug;

    const before = (await t.app.inject({ url: '/v1/department/seduc/section' })).body;
    expect(before).toContain('Av. Pres. Vargas, 253');
    const merged = await call('admin', { method: 'POST', url: '/v1/gestao/consistencia/unidades', payload: { source, targets: [target] } });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toEqual({ updated: 1 });
    const after = (await t.app.inject({ url: '/v1/department/seduc/section' })).body;
    expect(after).toContain('Av. Presidente Vargas, 235');
    expect((await report()).units.find((g) => g.name === 'Espaço da Cidadania de Parnaíba')).toBeUndefined();
    expect((await call('admin', { method: 'POST', url: '/v1/gestao/consistencia/unidades', payload: { source: 'nao-existe', targets: [target] } })).statusCode).toBe(404);
  });
});
