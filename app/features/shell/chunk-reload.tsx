import { useNavigation } from '@remix-run/react'
import { useEffect } from 'react'

// SPEC.md §2: "Screens load lazily; if a load fails the page reloads once, and a second failure is
// raised as an error."
//
// Screens' code arrives in route chunks. A chunk can fail in two places:
// 1. a client-side navigation: Remix's own loader catches the failed import() and reloads the
//    *current* page (it cannot be stopped). We note where the navigation was heading, and once
//    the reloaded page is up we go there with a full page load — the one reload of SPEC.md;
// 2. a full page load: the hydration script's imports fail, so React never starts. The inline
//    script below sees that failure (a module preload failed and, once the document is parsed,
//    Remix's hydration script has not run; or the entry's import was refused): the first time for
//    a path it reloads once, the second time it shows the error screen (no reload loop). A page
//    that hydrates clears its path's flag. A preload that failed while the page's code still
//    loaded (a network hiccup) is ignored. That script is head-scripts.server.ts's.

/** sessionStorage: `${RETRY_KEY_PREFIX}${pathname}` = '1' once a page load of that path has failed. */
export const RETRY_KEY_PREFIX = 'baricare:chunk-retry:'
/** sessionStorage: where a client-side navigation was heading when the page went away. */
export const PENDING_NAVIGATION_KEY = 'baricare:pending-navigation'
/**
 * Set on window once React has hydrated: from then on a failing chunk (a prefetch, a navigation)
 * is Remix's business (case 1), not a failed page load.
 */
export const HYDRATED_FLAG = '__baricareHydrated'
/** A pending navigation older than this is not what the reload was about. */
export const PENDING_NAVIGATION_MAX_AGE_MS = 30_000

type PendingNavigation = { path: string; at: number }

function readPending(): PendingNavigation | null {
  try {
    const raw = sessionStorage.getItem(PENDING_NAVIGATION_KEY)
    const value: unknown = raw ? JSON.parse(raw) : null
    if (typeof value !== 'object' || value === null) return null
    const { path, at } = value as Record<string, unknown>
    return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && typeof at === 'number'
      ? { path, at }
      : null
  } catch {
    return null
  }
}

function storage(action: (store: Storage) => void) {
  try {
    action(sessionStorage)
  } catch {
    // Storage disabled: Remix's own reload still happens; we just cannot carry the target over.
  }
}

/** Case 1 above: remember link navigations while they are pending; finish them after a reload. */
function useChunkReloadGuard() {
  const navigation = useNavigation()

  useEffect(() => {
    ;(window as unknown as Record<string, unknown>)[HYDRATED_FLAG] = true
    const here = window.location.pathname
    // This page's code loaded: a later failure deserves its one reload again.
    storage((s) => s.removeItem(RETRY_KEY_PREFIX + here))
    const pending = readPending()
    storage((s) => s.removeItem(PENDING_NAVIGATION_KEY))
    // Only Remix's reload after a failed chunk is to be finished; a remount after an ordinary
    // client-side navigation (e.g. 'Go Back' → history.back()) must not replay a noted click.
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
    if (entry?.type !== 'reload') return
    if (!pending || Date.now() - pending.at > PENDING_NAVIGATION_MAX_AGE_MS) return
    const target = new URL(pending.path, window.location.origin).pathname
    if (target === here) return
    // This load of the target is its one reload: if it fails too, the inline script shows the error.
    storage((s) => s.setItem(RETRY_KEY_PREFIX + target, '1'))
    window.location.assign(pending.path)
  }, [])

  // A link click is noted at once: the failing import can beat React's next render, so the
  // navigation state below may come too late to be written before Remix reloads.
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self')) return
      if (anchor.hasAttribute('download')) return
      const url = new URL(anchor.href)
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return
      rememberPending(url.pathname + url.search)
    }
    document.addEventListener('click', onClick, true)
    return () => document.removeEventListener('click', onClick, true)
  }, [])

  const target =
    navigation.state === 'loading' && !navigation.formMethod
      ? navigation.location.pathname + navigation.location.search
      : null
  useEffect(() => {
    if (target) rememberPending(target)
    else storage((s) => s.removeItem(PENDING_NAVIGATION_KEY))
  }, [target])
}

function rememberPending(path: string) {
  storage((s) => s.setItem(PENDING_NAVIGATION_KEY, JSON.stringify({ path, at: Date.now() })))
}

/**
 * In the document's <head>: the inline guard for page loads (`script`, the server's text), plus
 * the navigation guard.
 */
export function ChunkReload({ nonce, script }: { nonce?: string; script: string | undefined }) {
  useChunkReloadGuard()
  return <InlineScript nonce={nonce} code={script} />
}

/**
 * A script inline in the page that runs before hydration. Its text comes from a .server module,
 * so it is in the HTML only: in the browser `code` is undefined, and hydration keeps the script
 * the server sent (React does not patch an element's inner HTML while hydrating).
 */
export function InlineScript({ nonce, code }: { nonce?: string; code: string | undefined }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code ?? '' }} />
}
