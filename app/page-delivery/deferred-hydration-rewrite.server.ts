// The server half of deferred hydration (app/page-delivery/hydration-event.ts says why):
// React Router's <Scripts> writes modulepreload links (React hoists them into <head>)
// and one inline `<script type="module" async="">` that imports the page's modules and
// starts the client. On a public page the links go, that script is given an inert type
// and an id, and the boot script below is written after it to start it later. React 19
// skips the extra element when it hydrates <body>.
import { HYDRATED_EVENT } from '~/page-delivery/hydration-event';
import { offsetsOf, tagAt, type DocumentEdit, type DocumentRule } from './document-rewrite.server';

/** The id the inert boot module gets. */
export const DEFERRED_BOOT_ID = 'deferred-boot';
/** A script type browsers do not run: the boot module waits under it. */
export const DEFERRED_BOOT_TYPE = 'text/x-deferred-module';

/** The longest hydration waits for the first image. */
const DEFERRED_BOOT_MAX_WAIT_MS = 2500;
/** Once the first image has loaded, the longest hydration waits to see it painted. */
const PAINT_WAIT_MS = 200;
/** A link clicked before hydration is followed by the browser itself if the page is not hydrated by then. */
const LINK_WAIT_MS = 3000;

// Written once as a string: it runs before any module, so it cannot be one. The new
// module script carries the inert one's nonce (uncached pages); a cached page's CSP
// lists the hash of the same text. It goes to <head>: the inert element stays where
// React expects it. "Painted": Chrome reports the paint of the page's largest element,
// so the boot starts right after the first image's; elsewhere (or when that image is not
// the largest), PAINT_WAIT_MS after its load; at once on a page without one (nothing to
// wait for, and a form typed into before hydration would keep a state React never saw).
// The page's texts (app/lib/page-catalog.ts) are asked for as the boot starts, beside
// its modules rather than after them: React hydrates once it has both.
// Clicks on buttons and on the site's own links are held (capture phase, before anything
// else sees them) until the page is hydrated, then replayed, so that a link navigates
// inside the app as it would a moment later; a held link is followed by the browser if
// the page is still not hydrated LINK_WAIT_MS later.
export const BOOT_SCRIPT = `(function(){
var inert=document.getElementById(${JSON.stringify(DEFERRED_BOOT_ID)});
if(!inert)return;
var held=[];
function hold(e){
var b=e.target instanceof Element&&e.target.closest('button,[role="button"],a[href]');
if(!b||e.button||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey)return;
if(b.tagName==="A"&&(b.target||b.hasAttribute("download")||b.origin!==location.origin||b.getAttribute("href").charAt(0)==="#"))return;
e.preventDefault();e.stopImmediatePropagation();
if(held.indexOf(b)<0)held.push(b);
if(b.tagName==="A")setTimeout(function(){if(held.length&&held.indexOf(b)>=0)location.assign(b.href)},${LINK_WAIT_MS});
}
document.addEventListener("click",hold,true);
addEventListener(${JSON.stringify(HYDRATED_EVENT)},function(){
document.removeEventListener("click",hold,true);
held.forEach(function(b){if(b.isConnected)b.click()});
held=[];
},{once:true});
var started=false;
function start(){
if(started)return;started=true;
var texts=document.documentElement.getAttribute("data-catalog");
if(texts){var l=document.createElement("link");l.rel="preload";l.as="fetch";l.crossOrigin="anonymous";l.href=texts;document.head.appendChild(l)}
var s=document.createElement("script");s.type="module";s.nonce=inert.nonce;s.textContent=inert.textContent;
document.head.appendChild(s);
}
function whenPainted(){
try{var seen=new PerformanceObserver(function(list){list.getEntries().forEach(function(e){if(e.element===first){seen.disconnect();start()}})});
seen.observe({type:"largest-contentful-paint",buffered:true})}catch(e){}
setTimeout(start,${PAINT_WAIT_MS});
}
var first=document.querySelector('img[fetchpriority="high"]');
if(!first)return start();
if(first.complete)return whenPainted();
first.addEventListener("load",whenPainted);
first.addEventListener("error",start);
setTimeout(start,${DEFERRED_BOOT_MAX_WAIT_MS});
})();`;

export const BOOT_MODULE = /^<script((?:\s+nonce="[^"]*")?)\s+type="module"\s+async=""([^>]*)>$/;
export const MODULE_PRELOAD = '<link rel="modulepreload"';
const SCRIPT_END = '</script>';

/**
 * The rule for a public page (document-rewrite.server.ts): modulepreload links dropped, the
 * first boot module made inert and the boot script written right after it, with the
 * boot module's nonce (an uncached page). A page without a boot module keeps its scripts.
 */
export const deferHydration: DocumentRule = (document) => {
  const edits: DocumentEdit[] = [];
  for (const at of offsetsOf(document, MODULE_PRELOAD)) {
    const link = tagAt(document, at);
    if (link) edits.push({ from: at, to: link.end, insert: '' });
  }
  for (const at of offsetsOf(document, '<script')) {
    const tag = tagAt(document, at);
    const boot = tag && BOOT_MODULE.exec(tag.text);
    if (!boot) continue;
    const end = document.indexOf(SCRIPT_END, tag.end);
    if (end < 0) break;
    const nonce = boot[1]!;
    const after = end + SCRIPT_END.length;
    edits.push(
      { from: at, to: tag.end, insert: `<script${nonce} type="${DEFERRED_BOOT_TYPE}" id="${DEFERRED_BOOT_ID}"${boot[2]}>` },
      { from: after, to: after, insert: `<script${nonce}>${BOOT_SCRIPT}</script>` },
    );
    break;
  }
  return edits;
};
