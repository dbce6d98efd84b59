import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { cn } from '~/platform/cn'
import { MAX_TOASTS, type Toast } from '~/platform/toast'
import { getServerToastsSnapshot, getToastsSnapshot, pushToast, subscribe } from '~/platform/toast-store'
import { TOAST_STACK_CLASSES, toastToneClasses } from './toast-styles'

// Radix's toasts and their dependencies are ~10 KB that most page views never use: they load with
// the first toast. Should that load fail, the toasts stay as plain status messages rather than
// taking the page down with them.
const RadixToaster = lazy(() =>
  import('./radix-toaster').catch(() => ({
    default: ({ toasts }: { toasts: Toast[] }) => <StaticToasts toasts={toasts} />,
  })),
)

/**
 * Shows flash toasts and toasts pushed by client code (toast-store). Before hydration (or with
 * JavaScript off) flash toasts are plain server-rendered status messages; once hydrated, they move
 * into Radix's live-region toasts, loaded the first time there is a toast. While that code loads
 * the same plain messages stay on screen, so nothing flickers.
 */
export function Toaster({ flash }: { flash: Toast[] }) {
  const hydrated = useHydrated()
  const toasts = useSyncExternalStore(subscribe, getToastsSnapshot, getServerToastsSnapshot)
  // Once mounted, Radix's provider stays: it owns the closing animation and the viewport hotkey.
  const [radixWanted, setRadixWanted] = useState(false)
  const wantRadix = radixWanted || toasts.length > 0

  useEffect(() => {
    for (const t of flash) pushToast(t)
  }, [flash])

  useStackStepsAside(toasts.length)

  useEffect(() => {
    if (wantRadix) setRadixWanted(true)
  }, [wantRadix])

  if (!hydrated) return flash.length > 0 ? <StaticToasts toasts={flash.slice(-MAX_TOASTS)} /> : null
  if (!wantRadix) return null
  return (
    <Suspense fallback={<StaticToasts toasts={toasts} live={false} />}>
      <RadixToaster toasts={toasts} />
    </Suspense>
  )
}

/**
 * Toasts as plain text: the server-rendered (and no-JavaScript) form, a status region. While Radix
 * loads it is shown without the live region (`live={false}`), so that Radix announces each toast
 * once rather than twice.
 */
function StaticToasts({ toasts, live = true }: { toasts: Toast[]; live?: boolean }) {
  if (toasts.length === 0) return null
  return (
    <div data-toast-stack className={TOAST_STACK_CLASSES} role={live ? 'status' : undefined}>
      {toasts.map((t) => (
        <div
          key={t.id}
          className={cn('rounded-lg border px-3 py-2.5 shadow-lg sm:p-4', toastToneClasses[t.type])}
          data-toast={t.type}
        >
          <p className="text-sm font-semibold">{t.title}</p>
          {t.description ? <p className="text-sm opacity-90">{t.description}</p> : null}
        </div>
      ))}
    </div>
  )
}

/**
 * The field in focus and its form's submit button are never under the toasts: the page scrolls, or
 * while it cannot, the stack moves to the bottom.
 */
function useStackStepsAside(count: number) {
  useEffect(() => {
    // A new toast may land over the field that already has focus: check again once it is drawn.
    const frame = window.requestAnimationFrame(placeToastStack)
    return () => window.cancelAnimationFrame(frame)
  }, [count])
  useEffect(() => {
    const root = document.documentElement
    const place = placeToastStack
    document.addEventListener('focusin', place)
    document.addEventListener('focusout', place)
    return () => {
      document.removeEventListener('focusin', place)
      document.removeEventListener('focusout', place)
      root.classList.remove('toasts-aside')
    }
  }, [])
}

/** What the stack must keep clear of: the field in focus and its form's submit buttons. */
function guardedRects(focused: HTMLElement): DOMRect[] {
  const buttons = focused
    .closest('form')
    ?.querySelectorAll<HTMLElement>('button[type="submit"], button:not([type])')
  return [focused, ...(buttons ?? [])]
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0)
}

function placeToastStack() {
  const root = document.documentElement
  const focused = document.activeElement
  const stack = document.querySelector('[data-toast-stack]')
  let aside = false
  if (focused instanceof HTMLElement && focused !== document.body && stack && stack.childElementCount > 0) {
    // Measured where the stack normally sits (at the top), whatever its place right now.
    root.classList.remove('toasts-aside')
    const b = stack.getBoundingClientRect()
    const height = [...stack.children].reduce((h, c) => h + c.getBoundingClientRect().height + 8, 0)
    const guarded = guardedRects(focused)
    const overlaps = (top: number, bottom: number, rects: DOMRect[]) =>
      rects.some((r) => r.top < bottom && r.bottom > top && r.left < b.right && r.right > b.left)
    const atTop = (rects: DOMRect[]) => overlaps(b.top, b.top + height, rects)
    const atBottom = (rects: DOMRect[]) =>
      overlaps(window.innerHeight - height - 8, window.innerHeight, rects)
    if (atTop(guarded)) {
      // First choice: scroll the form down below the stack, if the page has room above and its
      // submit button stays on screen; else the stack moves to the bottom, if nothing guarded is
      // there; else it keeps clear of the field in focus at least.
      const covered = guarded.filter((r) => atTop([r]))
      const needed = b.top + height - Math.min(...covered.map((r) => r.top)) + 8
      // Only what is on screen now must stay on screen (a button further down is not covered).
      const lowest = Math.max(
        0,
        ...guarded.filter((r) => r.bottom <= window.innerHeight).map((r) => r.bottom),
      )
      if (window.scrollY >= needed && lowest + needed <= window.innerHeight)
        window.scrollBy({ top: -needed, behavior: 'instant' })
      else if (!atBottom(guarded)) aside = true
      else aside = atTop(guarded.slice(0, 1))
    }
  }
  root.classList.toggle('toasts-aside', aside)
}
