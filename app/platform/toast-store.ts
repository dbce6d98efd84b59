import { FORM_REFUSED } from './shell-messages'
import { MAX_TOASTS, toToast, type Toast, type ToastInput } from './toast'

// Client-side toast store: flash toasts from the server and toasts pushed by client code share it.
type Listener = () => void
let toasts: Toast[] = []
const listeners = new Set<Listener>()

function emit() {
  for (const listener of listeners) listener()
}

/** SPEC.md §5's answers to a form that could not go through: they last only as long as its errors. */
const FORM_ERROR_TITLES: ReadonlySet<string> = new Set([
  FORM_REFUSED.title,
  FORM_REFUSED.wizardIncomplete,
])

export function isFormErrorToast(toast: Toast): boolean {
  return toast.type === 'destructive' && FORM_ERROR_TITLES.has(toast.title)
}

export function pushToast(input: ToastInput) {
  const next = toToast(input)
  if (toasts.some((t) => t.id === next.id)) return
  // A success means the last submit went through: an earlier "check your form" is out of date.
  // A second refusal replaces the first rather than stacking the same words twice.
  const stale = (t: Toast) =>
    isFormErrorToast(t) && (next.type === 'success' || (isFormErrorToast(next) && t.title === next.title))
  toasts = [...toasts.filter((t) => !stale(t)), next].slice(-MAX_TOASTS)
  emit()
}

export function dismissToast(id: string) {
  toasts = toasts.filter((t) => t.id !== id)
  emit()
}

/** The form's errors are gone (fixed by the patient): so is the toast that announced them. */
export function dismissFormErrorToasts() {
  if (!toasts.some(isFormErrorToast)) return
  toasts = toasts.filter((t) => !isFormErrorToast(t))
  emit()
}

export function subscribe(listener: Listener) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const getToastsSnapshot = () => toasts
const EMPTY: Toast[] = []
export const getServerToastsSnapshot = () => EMPTY
