import TurndownService from 'turndown';
import { markdownToHtml } from './markdown.ts';

// The HTML the API keeps, as the Markdown the edit form shows (markdown.ts makes it HTML again on save).
const turndown = new TurndownService({ headingStyle: 'atx', bulletListMarker: '-', emDelimiter: '*', strongDelimiter: '**', codeBlockStyle: 'fenced' });

export function htmlToMarkdown(html: string): string {
  return html.trim() ? turndown.turndown(html).trim() : '';
}

/**
 * A rich field as saved: the HTML it had when the form was drawn when its Markdown was not touched (byte for byte:
 * an untouched text never shows as changed to the reviewer), otherwise the typed Markdown made HTML.
 */
export function savedHtml(typed: string, original: string): string {
  const markdown = typed.replace(/\r\n?/g, '\n').trim();
  return original && htmlToMarkdown(original) === markdown ? original : markdownToHtml(markdown);
}
