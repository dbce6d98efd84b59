import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { cn } from '~/lib/cn'
import { MAX_TOASTS, type Toast } from '~/lib/toast'
import { getServerToastsSnapshot, getToastsSnapshot, pushToast, subscribe } from '~/lib/toast-store'

export const toastToneClasses: Record<Toast['type'], string> = {
  success: 'border-success/60 bg-success text-success-foreground',
  destructive: 'border-destructive/60 bg-destructive text-destructive-foreground',
}

/**
 * Where the stack sits (docs/decisions.md, P16): on a phone a compact column just below the
 * sticky header, away from the form buttons at the bottom of a screen; from 640 px a narrow column
 * at the top right, beside a form's centred column rather than over it. While the field in focus
 * lies under the stack, the stack steps down to the bottom of the screen (useStackStepsAside).
 */
export const TOAST_STACK_CLASSES =
  'pointer-events-none fixed inset-x-0 top-14 z-[100] flex max-h-[calc(100vh-3.5rem)] flex-col gap-2 p-2 sm:left-auto sm:right-0 sm:top-16 sm:w-80 sm:p-4 sm:pt-0 xl:w-96'

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

/** The field in focus is never under the toasts: while it would be, they move to the bottom. */
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

function placeToastStack() {
  const root = document.documentElement
  const focused = document.activeElement
  const stack = document.querySelector('[data-toast-stack]')
  let aside = false
  if (focused instanceof HTMLElement && focused !== document.body && stack && stack.childElementCount > 0) {
    const a = focused.getBoundingClientRect()
    // Measured where the stack normally sits (at the top), whatever its place right now.
    root.classList.remove('toasts-aside')
    const b = stack.getBoundingClientRect()
    const stackBottom =
      b.top + [...stack.children].reduce((h, c) => h + c.getBoundingClientRect().height + 8, 0)
    const covered = a.top < stackBottom && a.bottom > b.top && a.left < b.right && a.right > b.left
    // First choice: scroll the field down below the stack; only at the very top of the page,
    // where there is nothing to scroll, the stack itself moves to the bottom.
    const room = window.scrollY
    const needed = stackBottom - a.top + 8
    if (covered && room >= needed) window.scrollBy({ top: -needed, behavior: 'instant' })
    else aside = covered
  }
  root.classList.toggle('toasts-aside', aside)
}
