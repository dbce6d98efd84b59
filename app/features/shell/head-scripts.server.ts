// The scripts inline in every page's <head>, which run before React does. They are text in the
// HTML only: as a .server module this file is not in the browser's code, which would otherwise
// download each script a second time with the root (see InlineScript in chunk-reload.tsx).
import { GENERIC_ERROR_SCREEN } from '~/platform/shell-messages'
import { HYDRATED_FLAG, RETRY_KEY_PREFIX } from './chunk-reload'
import { THEME_STORAGE_KEY } from './theme'

/**
 * Runs inline in <head> before first paint so the page never flashes the wrong theme.
 * Kept tiny and dependency-free; it also drops the `no-js` class that hides JS-only controls.
 */
export const themeBootScript = `(function(){try{var d=document.documentElement;d.classList.remove('no-js');var c=localStorage.getItem('${THEME_STORAGE_KEY}');if(c!=='light'&&c!=='dark')c='system';var dark=c==='dark'||(c==='system'&&window.matchMedia('(prefers-color-scheme: dark)').matches);d.classList.toggle('dark',dark);d.classList.toggle('light',!dark);d.style.colorScheme=dark?'dark':'light';}catch(e){}})();`

/**
 * The page-load half of chunk-reload.tsx's guard (case 2 there). Same markup and classes as
 * <ErrorScreen />, built without React because React is what failed.
 */
export const chunkReloadScript = `(function(){
var P=${JSON.stringify(RETRY_KEY_PREFIX)},H=${JSON.stringify(HYDRATED_FLAG)},T=${JSON.stringify(GENERIC_ERROR_SCREEN.title)},X=${JSON.stringify(GENERIC_ERROR_SCREEN.text)},seen=false,done=false;
function get(k){try{return sessionStorage.getItem(k)}catch(e){return null}}
function set(k){try{sessionStorage.setItem(k,'1');return true}catch(e){return false}}
function el(tag,cls,text){var n=document.createElement(tag);n.className=cls;if(text)n.textContent=text;return n}
function show(){
var main=el('main','flex min-h-screen items-center justify-center p-6'),box=el('div','max-w-md text-center');
box.setAttribute('role','alert');box.setAttribute('data-chunk-error','');
box.appendChild(el('h1','text-2xl font-semibold',T));box.appendChild(el('p','mt-2 text-muted-foreground',X));
var a=el('a','mt-6 inline-flex h-10 items-center justify-center rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground hover:bg-primary/90','Refresh the page');a.href='';
box.appendChild(a);main.appendChild(box);document.body.replaceChildren(main);}
function act(){
if(done||window[H])return;done=true;var key=P+location.pathname;
if(get(key)!=='1'&&set(key)){location.reload();return}
if(document.body)show();else document.addEventListener('DOMContentLoaded',show);}
function check(){if(seen&&document.readyState!=='loading'&&!window.__remixRouteModules)act()}
window.addEventListener('error',function(ev){
var t=ev.target;if(!t||t===window)return;
if((t.tagName==='SCRIPT'&&t.type==='module')||(t.tagName==='LINK'&&t.rel==='modulepreload')){seen=true;check()}},true);
document.addEventListener('DOMContentLoaded',check);
window.addEventListener('unhandledrejection',function(ev){
var m=String(ev.reason&&ev.reason.message||'');
if(/dynamically imported module|Importing a module script failed/i.test(m))act()});
})();`

