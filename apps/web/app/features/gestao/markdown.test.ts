import { describe, expect, it } from 'vitest';
import { applyMark, markdownToHtml } from './markdown.ts';
import { htmlToMarkdown, savedHtml } from './markdown.server.ts';

const SEED = '<p>A CNH vence a cada 10 anos. Renove com até <strong>30 dias</strong> de antecedência.</p><ul><li>Exame médico</li><li>Taxa: R$ 84,68</li></ul><p>Veja <a href="https://www.detran.pi.gov.br" rel="noopener noreferrer" target="_blank">o site</a>.</p>';

describe('service texts in Markdown (issue 26: staff wrote raw HTML)', () => {
  it('shows the HTML the API keeps as Markdown, and makes the same structure of it again', () => {
    const markdown = htmlToMarkdown(SEED);
    expect(markdown).toBe('A CNH vence a cada 10 anos. Renove com até **30 dias** de antecedência.\n\n-   Exame médico\n-   Taxa: R$ 84,68\n\nVeja [o site](https://www.detran.pi.gov.br).');
    expect(markdownToHtml(markdown).replace(/\n/g, '')).toBe(
      '<p>A CNH vence a cada 10 anos. Renove com até <strong>30 dias</strong> de antecedência.</p><ul><li>Exame médico</li><li>Taxa: R$ 84,68</li></ul><p>Veja <a href="https://www.detran.pi.gov.br">o site</a>.</p>',
    );
    expect(markdownToHtml('# Quem pode\n\n#### Detalhe')).toBe('<h3>Quem pode</h3>\n<h4>Detalhe</h4>');
    expect(markdownToHtml('  \r\n ')).toBe('');
  });

  it('saves an untouched text byte for byte (the reviewer sees no change), and a changed one from its Markdown', () => {
    const typed = htmlToMarkdown(SEED).replace(/\n/g, '\r\n'); // browsers send CRLF
    expect(savedHtml(typed, SEED)).toBe(SEED);
    expect(savedHtml(`${htmlToMarkdown(SEED)}\n\nMais um parágrafo.`, SEED)).toContain('<p>Mais um parágrafo.</p>');
    expect(savedHtml('Novo texto', '')).toBe('<p>Novo texto</p>');
  });

  it('makes no markup of typed HTML, and no link of an address that could mislead', () => {
    expect(markdownToHtml('<script>alert(1)</script>')).not.toContain('<script');
    expect(markdownToHtml('Olá <img src=x onerror=alert(1)> **oi**')).toBe('<p>Olá &lt;img src=x onerror=alert(1)&gt; <strong>oi</strong></p>');
    expect(markdownToHtml('[clique](javascript:alert(1))')).toBe('<p>clique</p>');
    expect(markdownToHtml('[banco](https://user@evil.example)')).toBe('<p>banco</p>');
    expect(markdownToHtml('[posto](/app/catalog/list) e [ligue](tel:+558632161234)')).toBe('<p><a href="/app/catalog/list">posto</a> e <a href="tel:+558632161234">ligue</a></p>');
    expect(markdownToHtml('![foto](https://x.example/a.png)')).toBe('<p>foto</p>');
  });

  it("marks the selected words with the toolbar's buttons, as one would type them", () => {
    expect(applyMark('Pague a taxa', 6, 12, 'negrito')).toEqual({ text: 'Pague **a taxa**', start: 8, end: 14 });
    expect(applyMark('Leve:', 5, 5, 'lista')).toEqual({ text: 'Leve:\n- item da lista', start: 8, end: 21 });
    expect(applyMark('', 0, 0, 'link')).toEqual({ text: '[texto do link](https://)', start: 1, end: 14 });
  });
});
