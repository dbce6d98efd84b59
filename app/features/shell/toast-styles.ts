// The toasts' look, shared by the static stack (toaster.tsx) and Radix's (radix-toaster.tsx).
import type { Toast } from '~/platform/toast'

export const toastToneClasses: Record<Toast['type'], string> = {
  success: 'border-success/60 bg-success text-success-foreground',
  destructive: 'border-destructive/60 bg-destructive text-destructive-foreground',
}

/**
 * Where the stack sits (docs/decisions/121-error-toast-lifetime.md and
 * 138-toasts-clear-submit-button.md): on a phone a compact column just below the sticky header,
 * away from the form buttons at the bottom of a screen; from 640 px a narrow column
 * at the top right, beside a form's centred column rather than over it. While the field in focus
 * lies under the stack, the stack steps down to the bottom of the screen (useStackStepsAside).
 */
export const TOAST_STACK_CLASSES =
  'pointer-events-none fixed inset-x-0 top-14 z-[100] flex max-h-[calc(100vh-3.5rem)] flex-col gap-2 p-2 sm:left-auto sm:right-0 sm:top-16 sm:w-80 sm:p-4 sm:pt-0 xl:w-96'
