import * as ToastPrimitive from '@radix-ui/react-toast'
import { cn } from '~/platform/cn'
import type { Toast } from '~/platform/toast'
import { dismissToast } from '~/platform/toast-store'
import { XIcon } from '~/components/ui/icons'
import { TOAST_STACK_CLASSES, toastToneClasses } from './toast-styles'
import { useStackStepsAside } from './toast-stack-aside'

const SUCCESS_TOAST_MS = 5000
const ERROR_TOAST_MS = 10000

// Radix's toasts (live region, swipe, timers, focus hotkey): loaded by Toaster (toaster.tsx) only
// once a page has a toast to show, so the code every page downloads stays small.

/** SPEC.md §9's toast stack: success and destructive, at most five (toast-store keeps the newest). */
export default function RadixToaster({ toasts }: { toasts: Toast[] }) {
  useStackStepsAside(toasts.length)
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={SUCCESS_TOAST_MS}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          // A confirmation goes by itself; an error stays longer (and goes once it is fixed).
          duration={t.type === 'destructive' ? ERROR_TOAST_MS : SUCCESS_TOAST_MS}
          // 'foreground' is announced assertively: errors interrupt, confirmations wait.
          type={t.type === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id)
          }}
          data-toast={t.type}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border px-3 py-2.5 pr-8 shadow-lg sm:p-4 sm:pr-8 animate-toast-in data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0',
            toastToneClasses[t.type],
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {t.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <XIcon className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        data-toast-stack
        className={cn(TOAST_STACK_CLASSES, 'm-0 list-none outline-none')}
      />
    </ToastPrimitive.Provider>
  )
}

// Loaded with import(), so an entry point of its own: it reaches the shared blocks, and this keeps
// them in one chunk with every screen's (screen-kit.ts says why).
export * from './screen-kit'
