/**
 * Hydration on the first interaction (issue 12, decision 025). Every page is whole and usable as the server
 * sends it: links, forms and the list filters work without JavaScript, a logged-in citizen's data is drawn by
 * the server. A page therefore loads the app's JavaScript only once the citizen moves, touches, scrolls or
 * types: a citizen who only reads gets none, and the first paint never shares a slow link with 160 KB of it.
 *
 * Two halves, which agree on SCRIPT_TYPE:
 * - the server (deferred-hydration.server.ts, called by entry.server.tsx) drops React Router's module
 *   preloads from a page and gives its module script a type the browser does not run;
 * - `hydrationScript`, inline in every page's head, runs that script on the first interaction. Until the page
 *   has hydrated, clicks and form submissions are the browser's, as without scripts: a link is followed and a
 *   form is sent by the browser, and a click on a button that does nothing without scripts is kept and replayed
 *   once the page has hydrated. React, while it hydrates, does not get them: a link clicked mid-hydration was
 *   prevented by React and then dropped by React Router's start, leaving the citizen where she was. A page left
 *   before hydration began is marked `data-leaving`, and entry.client.tsx does not hydrate it.
 *   It marks the document `data-js` (controls that need a script show), registers the service worker
 *   once the page has loaded, for every visitor (offline copies), and focuses the element marked
 *   `data-autofocus` as the page arrives (an error summary), as the app's scripts would.
 */

/** What the server turns the app's module script into: a script the browser keeps but does not run. */
export const SCRIPT_TYPE = 'x-hydrate-on-interaction';

/**
 * A form marked with this attribute is one the app does better than the browser. Sent before the scripts have
 * come, it is kept and sent once the page has hydrated, as a button's click is; should the scripts not come within
 * WAIT_MS, the browser sends it, as without scripts. Its value says what the browser's answer is:
 * - WAITS_FOR_A_DOWNLOAD: a download (a pay slip, which the app shows busy and names): the page stays;
 * - WAITS_FOR_A_PAGE: another page (the back office's edit form, whose answer the app makes in place, keeping what
 *   was typed when the session has ended): the page is marked as being left.
 */
export const WAIT_FOR_SCRIPTS = 'data-wait-for-scripts';
export const WAITS_FOR_A_DOWNLOAD = { [WAIT_FOR_SCRIPTS]: 'download' };
export const WAITS_FOR_A_PAGE = { [WAIT_FOR_SCRIPTS]: 'page' };
const WAIT = WAIT_FOR_SCRIPTS;
const WAIT_MS = 4000;

/** The interactions that start hydration: any sign of a person using the page (a scroll: of the page itself). */
const TRIGGERS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'];

/** The inline script; `base` is the app's base path, where the service worker lives. */
export function hydrationScript(base: string): string {
  return `(function(){
var d=document,h=d.documentElement,n=d.currentScript&&d.currentScript.nonce,started=false,pending=null,held=null,wanted=false;
var on=${JSON.stringify(TRIGGERS)};
h.setAttribute('data-js','');
function start(e){
  if(e&&e.type==='scroll'&&e.target!==d)return;/* a carousel settling on its own is not a person */
  wanted=true;
  if(started)return;
  var s=d.querySelector('script[type="${SCRIPT_TYPE}"]');
  if(!s)return;
  started=true;
  on.forEach(function(e){removeEventListener(e,start,true);});
  var m=d.createElement('script');m.type='module';if(n)m.nonce=n;m.textContent=s.textContent;d.body.appendChild(m);
}
on.forEach(function(e){addEventListener(e,start,{capture:true,passive:true});});
d.addEventListener('DOMContentLoaded',function(){
  if(wanted)start();
  var f=d.querySelector('[data-autofocus]'),a=d.activeElement;/* what a page that came back with problems shows first (an error summary) */
  if(f&&(!a||a===d.body))f.focus();
});
function leave(){if(!h.dataset.hydrated)h.setAttribute('data-leaving','');}
function early(){return h.dataset.hydrated!=='true';}
addEventListener('submit',function(e){
  if(!early())return;
  var f=e.target,w=f.getAttribute('${WAIT}');
  if(w&&!f.hasAttribute('data-sending')){/* kept for the app, which does it better; the browser's after ${WAIT_MS} ms */
    e.preventDefault();e.stopPropagation();held={f:f,s:e.submitter};start();
    setTimeout(function(){if(!held||held.f!==f)return;held=null;f.setAttribute('data-sending','');send(f,e.submitter);f.removeAttribute('data-sending');},${WAIT_MS});
    return;
  }
  e.stopPropagation();/* the browser sends it, as without scripts: React, not ready, must not take it halfway */
  if(w!=='download'&&(!f.target||f.target==='_self'))leave();/* a download's answer leaves the page where it is */
},true);
function send(f,s){if(f.isConnected)f.requestSubmit(s&&s.form===f?s:undefined);}
addEventListener('click',function(e){
  if(!early())return;
  var t=e.target&&e.target.closest?e.target:null;
  var b=t&&t.closest('button'),a=t&&t.closest('a[href]'),l=location;
  if(b&&!b.disabled&&(b.type==='button'||!b.form)){pending=b;e.stopPropagation();return;}
  if(b){e.stopPropagation();return;}/* a form's button: its submit event follows */
  if(!a)return;
  e.stopPropagation();/* the browser follows it */
  if(e.button===0&&!(e.ctrlKey||e.metaKey||e.shiftKey||e.altKey)&&(!a.target||a.target==='_self')&&!a.hasAttribute('download')
    &&!(a.origin===l.origin&&a.pathname===l.pathname&&a.search===l.search&&a.hash))leave();
},true);
/* What is typed before the page hydrates is kept: react-dom writes a textarea's server-drawn text back as it
   hydrates (a draft's saved answer, a refused form's text), over what the person typed since, and the caret and
   selection with it (words selected to be made bold lost their first letters). A textarea typed into refuses
   writes of its value until the page has hydrated (a write and the text put back would move the caret);
   keepTyped puts back whatever was written anyway. */
var typed=new Map(),areaValue=Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype,'value');
addEventListener('input',function(e){
  var t=e.target;
  if(!early()||!t||(t.tagName!=='TEXTAREA'&&t.tagName!=='INPUT'))return;
  if(t.tagName==='TEXTAREA'&&!typed.has(t))Object.defineProperty(t,'value',{configurable:true,get:function(){return areaValue.get.call(this);},set:function(v){if(!early())areaValue.set.call(this,v);}});
  typed.set(t,t.value);
},true);
function keepTyped(){
  typed.forEach(function(v,t){
    if(!t.isConnected||t.value===v)return;
    /* the element's own setter, past React's value tracker, then the event React listens to */
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(t),'value').set.call(t,v);
    t.dispatchEvent(new Event('input',{bubbles:true}));
  });
  typed.clear();
}
new MutationObserver(function(){
  if(h.dataset.hydrated!=='true')return;
  keepTyped();
  if(held){var x=held;held=null;send(x.f,x.s);}
  if(!pending)return;
  var b=pending;pending=null;
  if(b.isConnected)b.click();
}).observe(h,{attributes:true,attributeFilter:['data-hydrated']});
if('serviceWorker' in navigator)addEventListener('load',function(){
  var first=!navigator.serviceWorker.controller;
  navigator.serviceWorker.register(${JSON.stringify(`${base}sw.js`)},{scope:'/'}).then(function(){
    if(first)return navigator.serviceWorker.ready.then(function(r){if(r.active)r.active.postMessage({save:location.href});});
  }).catch(function(){});
});
})();`;
}
