import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SCRIPT_TYPE } from './deferred-hydration.ts';

const PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const MODULE_SCRIPT = /<script\b([^>]*?) type="module"/;

/**
 * Rewrites a page as React streams it (decision 025): React Router's module preloads go, and its
 * module script (the one module script of a page) gets a type the browser keeps but does not run, until
 * HYDRATION_SCRIPT runs it on the first interaction. A tag cut between two chunks waits for the next one.
 */
export function deferHydration(): Transform {
  const decoder = new StringDecoder('utf8');
  let held = '';
  let deferred = false;
  const rewrite = (html: string) => {
    if (deferred) return html;
    const out = html.replace(PRELOAD, '').replace(MODULE_SCRIPT, (_, attributes: string) => {
      deferred = true;
      return `<script${attributes} type="${SCRIPT_TYPE}"`;
    });
    return out;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let text = held + decoder.write(chunk);
      held = '';
      const open = text.lastIndexOf('<');
      if (!deferred && open !== -1 && !text.includes('>', open)) {
        held = text.slice(open);
        text = text.slice(0, open);
      }
      callback(null, rewrite(text));
    },
    flush(callback) {
      callback(null, rewrite(held + decoder.end()));
    },
  });
}
