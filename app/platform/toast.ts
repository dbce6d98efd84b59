// Shared by the flash cookie (server) and the client toast store. Kept free of zod so the root
// chunk every page downloads stays small; the server validates the cookie in toast.server.ts.

export type ToastType = 'success' | 'destructive'
export type Toast = { id: string; title: string; description?: string; type: ToastType }
export type ToastInput = { id?: string; title: string; description?: string; type?: ToastType }

/** SPEC.md §9: at most five toasts are shown at once; the newest win. */
export const MAX_TOASTS = 5

export function toToast(input: ToastInput): Toast {
  return {
    id: input.id ?? Math.random().toString(36).slice(2),
    title: input.title,
    ...(input.description ? { description: input.description } : {}),
    type: input.type ?? 'success',
  }
}
