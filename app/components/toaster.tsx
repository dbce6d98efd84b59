import * as ToastPrimitive from '@radix-ui/react-toast'
import { X } from 'lucide-react'
import { useEffect, useSyncExternalStore } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { cn } from '~/lib/cn'
import { MAX_TOASTS, type Toast } from '~/lib/toast'
import { dismissToast, getServerToastsSnapshot, getToastsSnapshot, pushToast, subscribe } from '~/lib/toast-store'

const toneClasses: Record<Toast['type'], string> = {
  success: 'border-success/60 bg-success text-success-foreground',
  destructive: 'border-destructive/60 bg-destructive text-destructive-foreground',
}

/**
 * Shows flash toasts. Before hydration (or with JavaScript off) they are plain server-rendered
 * status messages; once hydrated, the same toasts move into Radix's live-region toasts.
 */
export function Toaster({ flash }: { flash: Toast[] }) {
  const hydrated = useHydrated()
  const toasts = useSyncExternalStore(subscribe, getToastsSnapshot, getServerToastsSnapshot)

  useEffect(() => {
    for (const t of flash) pushToast(t)
  }, [flash])

  if (!hydrated) {
    if (flash.length === 0) return null
    return (
      <div className="pointer-events-none fixed bottom-0 right-0 z-[100] flex w-full flex-col gap-2 p-4 sm:max-w-sm" role="status">
        {flash.slice(-MAX_TOASTS).map((t) => (
          <div key={t.id} className={cn('rounded-lg border p-4 shadow-lg', toneClasses[t.type])} data-toast={t.type}>
            <p className="text-sm font-semibold">{t.title}</p>
            {t.description ? <p className="text-sm opacity-90">{t.description}</p> : null}
          </div>
        ))}
      </div>
    )
  }

  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={6000}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          type={t.type === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id)
          }}
          data-toast={t.type}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg animate-toast-in data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0',
            toneClasses[t.type],
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="h-4 w-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="pointer-events-none fixed bottom-0 right-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 outline-none sm:max-w-sm" />
    </ToastPrimitive.Provider>
  )
}
