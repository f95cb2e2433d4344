import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeRichText } from './sanitize.ts';
import { normalizeSearchText } from './normalize.ts';

describe('sanitizeRichText', () => {
  it('keeps structure and drops anything that runs', () => {
    const out = sanitizeRichText('<p onclick="x()">Olá <strong>cidadão</strong><script>alert(1)</script></p><img src=x onerror=alert(1)><iframe src="https://evil"></iframe>');
    expect(out).toBe('<p>Olá <strong>cidadão</strong></p>');
  });

  it('allows only safe link schemes and opens links safely', () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer" target="_blank">x</a>');
    expect(sanitizeRichText('<a href="https://www.pi.gov.br">site</a>')).toBe('<a href="https://www.pi.gov.br" rel="noopener noreferrer" target="_blank">site</a>');
  });

  it('strips styles and classes', () => {
    expect(sanitizeRichText('<p style="color:red" class="x">a</p>')).toBe('<p>a</p>');
  });

  it('drops forms that would post the citizen data elsewhere and style sheets that restyle the page', () => {
    const raw = '<form action="https://golpe.example" method="post"><input name="cpf"><button>Enviar</button></form><style>body{display:none}</style><p>Fim</p>';
    expect(sanitizeRichText(raw)).toBe('Enviar<p>Fim</p>');
  });

  it('gives safe markup back unchanged, so sanitising again on read changes nothing', () => {
    const once = sanitizeRichText('<p>Leve o <a href="https://www.pi.gov.br">RG</a> e o <strong>CPF</strong>.</p><ul><li>um</li></ul><script>x</script>');
    expect(sanitizeRichText(once)).toBe(once);
    // the second call is answered from memory: same result
    expect(sanitizeRichText(once)).toBe(once);
  });

  it('drops the address of a link that would open another site than it says, and keeps its text', () => {
    for (const href of ['/\\evil.example', '/\\/evil.example', 'https://www.detran.pi.gov.br@evil.example/', '//evil.example']) {
      expect(sanitizeRichText(`<p><a href="${href}">DETRAN</a></p>`)).toBe('<p><a rel="noopener noreferrer" target="_blank">DETRAN</a></p>');
    }
    expect(sanitizeRichText('<p><a href="/app/catalog/list">lista</a> <a href="mailto:ouvidoria@pi.gov.br">e-mail</a></p>')).toBe(
      '<p><a href="/app/catalog/list" rel="noopener noreferrer" target="_blank">lista</a> <a href="mailto:ouvidoria@pi.gov.br" rel="noopener noreferrer" target="_blank">e-mail</a></p>',
    );
  });

  it('reads an empty or missing column as empty text', () => {
    expect(sanitizeRichText('')).toBe('');
    expect(sanitizeRichText(null)).toBe('');
    expect(sanitizeRichText(undefined)).toBe('');
  });
});

describe('htmlToText', () => {
  it('removes markup, decodes entities and keeps words apart', () => {
    expect(htmlToText('<p>Renovação&nbsp;da <b>CNH</b></p><p>R$ 10 &amp; taxa</p>')).toBe('Renovação da CNH R$ 10 & taxa');
  });
});

describe('normalizeSearchText', () => {
  it('drops accents, case and dots, and splits on punctuation', () => {
    expect(normalizeSearchText('  Habilitação, B.O.  e CNH!')).toBe('habilitacao bo e cnh');
  });
});
