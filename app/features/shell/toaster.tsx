import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { cn } from '~/platform/cn'
import { MAX_TOASTS, type Toast } from '~/platform/toast'
import { getServerToastsSnapshot, getToastsSnapshot, pushToast, subscribe } from '~/platform/toast-store'
import { TOAST_STACK_CLASSES, toastToneClasses } from './toast-styles'

// Radix's toasts and their dependencies are ~10 KB that most page views never use: they load with
// the first toast, and so does the rule that keeps the stack off the field in focus
// (toast-stack-aside.ts). Should that load fail, the toasts stay as plain status messages rather
// than taking the page down with them.
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
