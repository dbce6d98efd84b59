import { MAX_TOASTS, toToast, type Toast, type ToastInput } from './toast'

// Client-side toast store: flash toasts from the server and toasts pushed by client code share it.
type Listener = () => void
let toasts: Toast[] = []
const listeners = new Set<Listener>()

function emit() {
  for (const listener of listeners) listener()
}

export function pushToast(input: ToastInput) {
  const next = toToast(input)
  if (toasts.some((t) => t.id === next.id)) return
  toasts = [...toasts, next].slice(-MAX_TOASTS)
  emit()
}

export function dismissToast(id: string) {
  toasts = toasts.filter((t) => t.id !== id)
  emit()
}

export function subscribe(listener: Listener) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const getToastsSnapshot = () => toasts
const EMPTY: Toast[] = []
export const getServerToastsSnapshot = () => EMPTY
