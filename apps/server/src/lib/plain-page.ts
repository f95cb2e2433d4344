/**
 * The smallest whole page in Portuguese, for what the server refuses before any page renders (too many
 * requests, an address no page has): the same words for a browser and a screen reader, no script, no style.
 */
export function plainPage(title: string, message: string): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} - Portal de Serviços do Piauí</title></head><body><h1>${escape(title)}</h1><p>${escape(message)}</p><p><a href="/">Ir para o Portal de Serviços do Piauí</a></p></body></html>`;
}
