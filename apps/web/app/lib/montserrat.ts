// When the portal's typeface comes (issue 12, docs/decisions/026-first-paint-on-a-slow-phone.md).
import montserratFaces from '@fontsource-variable/montserrat/wght.css?url';
import montserratCss from '@fontsource-variable/montserrat/wght.css?raw';
import montserratLatinExt from '@fontsource-variable/montserrat/files/montserrat-latin-ext-wght-normal.woff2?url';
import montserratLatin from '@fontsource-variable/montserrat/files/montserrat-latin-wght-normal.woff2?url';

/** Montserrat's faces as a stylesheet, for pages read without scripts (root.tsx's <noscript>). */
export const MONTSERRAT_FACES = montserratFaces;

/** Set once this browser has Montserrat: from then on pages take it before their first paint (from the browser's cache). */
export const MONTSERRAT_KEY = 'portal-montserrat';

/** The letters a subset of @fontsource's stylesheet covers, as it declares them. */
function unicodeRange(subset: string): string {
  const range = new RegExp(`montserrat-${subset}-wght-normal \\*/[^}]*unicode-range:\\s*([^;]+);`).exec(montserratCss)?.[1];
  if (!range) throw new Error(`@fontsource-variable/montserrat: no unicode-range for ${subset}`);
  return range.trim();
}

/** Latin (every Portuguese letter) and Latin Extended; each file is fetched only when a page has its letters. */
const FACES = [
  [montserratLatin, unicodeRange('latin')],
  [montserratLatinExt, unicodeRange('latin-ext')],
];

/**
 * Run in the head before the stylesheets. A browser that already has Montserrat (the mark above) gets its faces at
 * once and the Latin file asked for, so the first paint uses it. On a first visit the page paints with the fallback
 * sized like it (tokens.css); once the page has loaded and shown its first paint (a small page can load before it
 * paints), Montserrat is fetched when the browser is idle and put in use when it is there. Its 38 KB do not share a
 * slow link with the stylesheet and the largest picture, the page is laid out again once, and the lines keep their
 * place. The faces are given to the document only when loaded (FontFace), not declared in a stylesheet.
 */
export const MONTSERRAT_SCRIPT = `(function(d,files){
if(!window.FontFace)return;
var known=false;
try{known=!!localStorage.getItem('${MONTSERRAT_KEY}')}catch(e){}
var faces=files.map(function(f){return new FontFace('Montserrat Variable','url('+f[0]+') format("woff2")',{weight:'100 900',display:'swap',unicodeRange:f[1]})});
function use(){faces.forEach(function(f){d.fonts.add(f)})}
if(known){use();faces[0].load().catch(function(){});return}
function take(){faces[0].load().then(function(){use();try{localStorage.setItem('${MONTSERRAT_KEY}','1')}catch(e){}},function(){})}
function painted(then){
  var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes;
  if(!types||types.indexOf('paint')<0)return then();
  try{new PerformanceObserver(function(list,o){if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();then()}}).observe({type:'paint',buffered:true})}
  catch(e){then()}
}
addEventListener('load',function(){painted(function(){(window.requestIdleCallback||setTimeout)(take)})});
})(document,${JSON.stringify(FACES)})`;
