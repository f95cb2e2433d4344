import sanitizeHtml from 'sanitize-html';

// What service texts may contain: structure and links, nothing that runs or restyles the page.
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'a', 'h3', 'h4', 'blockquote'],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer', target: '_blank' },
    }),
  },
  disallowedTagsMode: 'discard',
};

/** Sanitises stored HTML on write, so every reader (web, app, PDF) gets safe markup. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** Markup removed and entities decoded: for meta descriptions, PDFs and search. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|li|h3|h4)>|<br\s*\/?>/gi, '$& '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
