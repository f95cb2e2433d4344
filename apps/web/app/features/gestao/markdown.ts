import { isSafeLink } from '@portal/contracts';
import { Marked } from 'marked';

// Staff write the service texts (description, steps' details, information blocks) in Markdown (issue 26: they wrote
// raw <p>, <ul> and <a>). The API keeps HTML, sanitised on every write (packages/db sanitize.ts); this is the one
// way Markdown becomes that HTML: on the web server when the form is saved, and in the browser for the live preview,
// so what the preview shows is what is saved.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    // Markup typed into the text is text: only Markdown makes markup.
    html: ({ text }) => escape(text),
    // The page's own headings are h1 and h2: a text's headings are h3 (#, ##, ###) and h4 (####).
    heading({ tokens, depth }) {
      const level = depth >= 4 ? 4 : 3;
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    // A link that could take the citizen somewhere other than it says keeps its text and loses its address.
    link({ href, title, tokens }) {
      const text = this.parser.parseInline(tokens);
      return isSafeLink(href, { contact: true }) ? `<a href="${escape(href)}"${title ? ` title="${escape(title)}"` : ''}>${text}</a>` : text;
    },
    image: ({ text }) => escape(text),
  },
});

/** Markdown as the HTML the API keeps ('' for nothing typed). */
export function markdownToHtml(text: string): string {
  const typed = text.replace(/\r\n?/g, '\n').trim();
  return typed ? (markdown.parse(typed) as string).trim() : '';
}

/** The marks the toolbar puts around the selected words (or a line's start), as one typing them would. */
export const MARKS = {
  negrito: { before: '**', after: '**', placeholder: 'texto em negrito' },
  lista: { before: '- ', after: '', placeholder: 'item da lista', line: true },
  link: { before: '[', after: '](https://)', placeholder: 'texto do link' },
} as const;
export type Mark = keyof typeof MARKS;

/** The text with a mark applied to [start, end): what the textarea holds next, and the selection to leave. */
export function applyMark(text: string, start: number, end: number, mark: Mark): { text: string; start: number; end: number } {
  const { before, after, placeholder } = MARKS[mark];
  const line = 'line' in MARKS[mark];
  // a list item begins its own line
  const at = line && start > 0 && text[start - 1] !== '\n' ? `\n${before}` : before;
  const chosen = text.slice(start, end) || placeholder;
  const next = `${text.slice(0, start)}${at}${chosen}${after}${text.slice(end)}`;
  return { text: next, start: start + at.length, end: start + at.length + chosen.length };
}
