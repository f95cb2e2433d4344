import { describe, expect, it } from 'vitest';
import { columnLabel, formatCell, updatedAtText } from './cells.ts';
import {
  csvRecords,
  downloadLabel,
  failureMessage,
  fallbackFilename,
  fieldOrder,
  fileSize,
  filenameFromDisposition,
  fillTemplate,
  missingParams,
  parseDelimited,
  placeholders,
  requiredMessage,
} from './endpoints.ts';
import { escapeXml, exportFile, flatten, toCsv, toJson, toXml, xmlName } from './export.ts';

/** A small well-formedness check: balanced, properly nested elements, valid names, only the five entities. */
function isWellFormedXml(xml: string): boolean {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  const token = /<(\/?)([^\s/>]+)[^>]*?(\/?)>|&([^;\s]*);|[<>]/g;
  let roots = 0;
  for (const m of body.matchAll(token)) {
    if (m[0] === '<' || m[0] === '>') return false;
    if (m[4] !== undefined) {
      if (!/^(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+)$/i.test(m[4])) return false;
      continue;
    }
    const [, closing, name, selfClosing] = m;
    if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name!)) return false;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else if (!selfClosing) {
      if (!stack.length) roots++;
      stack.push(name!);
    } else if (!stack.length) roots++;
  }
  // no stray '&' outside an entity
  if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(body)) return false;
  return stack.length === 0 && roots === 1;
}

const page = {
  count: 2,
  next: null,
  previous: null,
  results: [
    { exercicio: 2025, credor_nome: 'Silva; Souza & Cia "Ltda"', valor_pago: 1234.5, historico: 'linha 1\nlinha 2', extra: null },
    { exercicio: 2025, credor_nome: '=HYPERLINK("x")', valor_pago: 10, orgao: { sigla: 'SEDUC' } },
  ],
};

describe('exports', () => {
  it('JSON holds the records of a page, or the object as it came', () => {
    expect(JSON.parse(toJson(page))).toEqual(page.results);
    expect(JSON.parse(toJson({ id: 1, meses: [] }))).toEqual({ id: 1, meses: [] });
  });

  it('CSV: BOM, header row from every column, one line per record, quoting, decimal comma, no formulas', () => {
    const csv = toCsv(page);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = parseDelimited(csv);
    expect(rows[0]).toEqual(['exercicio', 'credor_nome', 'valor_pago', 'historico', 'extra', 'orgao.sigla']);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual(['2025', 'Silva; Souza & Cia "Ltda"', '1234,5', 'linha 1\nlinha 2', '', '']);
    expect(rows[2]![1]).toBe(`'=HYPERLINK("x")`);
    expect(rows[2]![5]).toBe('SEDUC');
    expect(parseDelimited(toCsv({ count: 0, next: null, previous: null, results: [] }))).toEqual([['']]);
  });

  it('CSV of one object is one row; nested lists survive as JSON', () => {
    const rows = parseDelimited(toCsv({ id: 7, meses: [{ referencia: '2025-01' }], tags: ['a', 'b'] }));
    expect(rows).toEqual([['id', 'meses', 'tags'], ['7', '[{"referencia":"2025-01"}]', 'a, b']]);
    expect(flatten({ a: { b: { c: 1 } } })).toEqual({ 'a.b.c': 1 });
  });

  it('XML is well formed, with safe element names and escaped text', () => {
    const xml = toXml(page);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(isWellFormedXml(xml)).toBe(true);
    expect(xml).toContain('<credor_nome>Silva; Souza &amp; Cia &quot;Ltda&quot;</credor_nome>');
    expect(xml.match(/<registro>/g)).toHaveLength(2);
    const odd = toXml([{ '1º campo': 'a<b', 'xml-x': '\u0001ok', 'nome com espaço': null, 'órgão': { 'a/b': [1, 2] } }]);
    expect(isWellFormedXml(odd)).toBe(true);
    expect(odd).toContain('<_1__campo>a&lt;b</_1__campo>');
    expect(odd).toContain('<_xml-x>ok</_xml-x>');
    expect(odd).toContain('<nome_com_espaco/>');
    expect(odd).toContain('<orgao>');
    expect(isWellFormedXml(toXml([]))).toBe(true);
    expect(isWellFormedXml(toXml('texto & mais'))).toBe(true);
    expect(isWellFormedXml('<a><b></a></b>')).toBe(false);
    expect(isWellFormedXml('<a>x & y</a>')).toBe(false);
  });

  it('names the files export.json, export.csv and export.xml', () => {
    expect(exportFile('json', page).name).toBe('export.json');
    expect(exportFile('csv', page).name).toBe('export.csv');
    expect(exportFile('xml', page).name).toBe('export.xml');
    expect(xmlName('')).toBe('_');
    expect(xmlName('Xmlfoo')).toBe('_Xmlfoo');
    expect(escapeXml(`<'&">`)).toBe('&lt;&apos;&amp;&quot;&gt;');
  });
});

describe('the name of the full download (issue 24)', () => {
  it('says how many records and how big the file is, in Portuguese', () => {
    expect(downloadLabel(16_949, 6_512_345)).toBe('Baixar os 16.949 registros em CSV (6,5 MB)');
    expect(downloadLabel(401, 159_480)).toBe('Baixar os 401 registros em CSV (159 kB)');
    expect(downloadLabel(1, 312)).toBe('Baixar 1 registro em CSV (312 bytes)');
    expect(downloadLabel(2_000_000, null)).toBe('Baixar os 2.000.000 registros em CSV');
  });

  it('rounds sizes into the next unit where they reach it', () => {
    expect(fileSize(1)).toBe('1 byte');
    expect(fileSize(999)).toBe('999 bytes');
    expect(fileSize(1_000)).toBe('1 kB');
    expect(fileSize(999_499)).toBe('999 kB');
    expect(fileSize(999_500)).toBe('1 MB');
    expect(fileSize(1_250_000)).toBe('1,3 MB');
    expect(fileSize(999_960_000)).toBe('1 GB');
    expect(fileSize(2_340_000_000)).toBe('2,3 GB');
  });
});

describe('viewer rules', () => {
  it('reads the placeholders of a URL template and fills them, encoded', () => {
    const url = '/api/transparencia/despesas/{exercicio}/{referencia_ate}/{referencia_de}/';
    expect(placeholders(url)).toEqual(['exercicio', 'referencia_ate', 'referencia_de']);
    expect(fieldOrder(placeholders(url))).toEqual(['exercicio', 'referencia_de', 'referencia_ate']);
    expect(fillTemplate(url, { exercicio: ' 2025 ', referencia_ate: '2025/03', referencia_de: '2025-01' })).toBe('/api/transparencia/despesas/2025/2025%2F03/2025-01/');
    expect(placeholders('/despesas/exercicios/')).toEqual([]);
  });

  it("asks for every placeholder: 'Parâmetros obrigatórios: …'", () => {
    expect(missingParams(['exercicio', 'referencia'], { exercicio: '2025', referencia: '  ' })).toEqual(['referencia']);
    expect(requiredMessage(['exercicio', 'referencia_ate'])).toBe('Parâmetros obrigatórios: Exercício, Referência final');
  });

  it('maps fetch failures to the messages of spec §8', () => {
    expect(failureMessage({ status: 404, message: 'Exercício 2019 não encontrado.' }, 'viewer')).toEqual({ message: 'Recurso não encontrado!', detail: 'Exercício 2019 não encontrado.' });
    expect(failureMessage({ status: 400, message: 'Referência inválida' }, 'viewer').message).toBe('Referência inválida');
    expect(failureMessage({ status: 400 }, 'form').message).toBe('Erro nos dados enviados!');
    expect(failureMessage({ status: 500, message: 'boom' }, 'viewer').message).toBe('Não foi possível completar a ação! Tente novamente.');
    // A library's English or an internal address never reaches the citizen (issue 13): the status says it in Portuguese.
    expect(failureMessage({ status: 502, message: 'fetch failed' }, 'form').message).toBe('Não foi possível completar a ação: o serviço de dados não respondeu. Tente novamente em instantes.');
    expect(failureMessage({ status: 400, message: "params/'/api/transparencia/despesas/9999' is exceeding the max param length" }, 'form').message).toBe('Erro nos dados enviados!');
    expect(failureMessage({ status: 502, message: 'Fonte de dados fora do ar' }, 'form').message).toBe('Não foi possível completar a ação: Fonte de dados fora do ar');
    expect(failureMessage({ status: 0 }, 'form').message).toBe('Não foi possível completar a ação: erro desconhecido');
  });

  it('names downloads from Content-Disposition, or {resources}_{date}.csv', () => {
    expect(filenameFromDisposition('attachment; filename="despesas_2025.csv"')).toBe('despesas_2025.csv');
    expect(filenameFromDisposition("attachment; filename=a.csv; filename*=UTF-8''relat%C3%B3rio.csv")).toBe('relatório.csv');
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(fallbackFilename('despesa', new Date('2026-03-05T12:00:00Z'))).toBe('despesa_2026-03-05.csv');
  });

  it('reads the users log CSV into records', () => {
    const records = csvRecords('\uFEFFdata;novos_usuarios;total\r\n04/01/2021;12;12\r\n05/01/2021;"3";015\r\n');
    expect(records).toEqual([
      { data: '04/01/2021', novos_usuarios: 12, total: 12 },
      { data: '05/01/2021', novos_usuarios: 3, total: '015' },
    ]);
  });

  it('formats cells in pt-BR: money, numbers, dates, years untouched', () => {
    expect(formatCell('valor_pago', 1234.5).text).toBe('R$\u00a01.234,50');
    expect(formatCell('empenhos', 17029)).toEqual({ text: '17.029', align: 'end' });
    expect(formatCell('exercicio', 2025).text).toBe('2025');
    expect(formatCell('unidade_gestora_codigo', 100101).text).toBe('100101');
    expect(formatCell('data_emissao', '2025-03-09').text).toBe('09/03/2025');
    expect(formatCell('referencia', '2025-03').text).toBe('03/2025');
    expect(formatCell('ativo', true).text).toBe('Sim');
    expect(formatCell('extra', null).text).toBe('—');
    expect(columnLabel('valor_empenhado')).toBe('Valor empenhado');
    expect(columnLabel('orgao_sigla')).toBe('Órgão sigla');
    expect(updatedAtText('2026-06-15T13:00:00Z')).toBe('Dados atualizados em 15 de junho de 2026, às 10:00');
  });
});
