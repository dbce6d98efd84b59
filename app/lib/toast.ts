import { z } from 'zod'

// Shared by the flash cookie (server) and the client toast store.
export const toastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  title: z.string(),
  description: z.string().optional(),
  type: z.enum(['success', 'destructive']).default('success'),
})

export type Toast = z.infer<typeof toastSchema>
export type ToastInput = z.input<typeof toastSchema>

/** SPEC.md §9: at most five toasts are shown at once; the newest win. */
export const MAX_TOASTS = 5
