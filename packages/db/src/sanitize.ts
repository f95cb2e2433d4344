import { isSafeLink } from '@portal/contracts';
import { LRUCache } from 'lru-cache';
import sanitizeHtml from 'sanitize-html';

// What service texts may contain: structure and links, nothing that runs or restyles the page.
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'a', 'h3', 'h4', 'blockquote'],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    // A link that would take the citizen somewhere other than it says loses its address, and keeps its text.
    a: (tagName, attribs) => {
      const { href, ...others } = attribs;
      const kept = href !== undefined && isSafeLink(href, { contact: true }) ? attribs : others;
      return { tagName, attribs: { ...kept, rel: 'noopener noreferrer', target: '_blank' } };
    },
  },
  disallowedTagsMode: 'discard',
};

// Reads sanitise again (a row may have been written by anything: SQL, an import, an older version), and
// the same few hundred texts come back on every page: remember the latest answers (by size, so a few
// huge texts cannot hold the memory).
const memo = new LRUCache<string, string>({ maxSize: 4_000_000, sizeCalculation: (clean, html) => clean.length + html.length, maxEntrySize: 40_000 });

/**
 * The one way rich text (service descriptions, steps' htmlContent, info blocks) is made safe: on every
 * write into the database and again where rows become API shapes, so the web, the app and the PDF only
 * ever get this markup. Safe markup comes back unchanged.
 */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  const known = memo.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeHtml(html, options).trim();
  memo.set(html, clean);
  return clean;
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
