import { combineHeaders } from './headers'
import { createCookieSessionStorage, redirect } from '@remix-run/node'
import { getEnv } from './env.server'
import { z } from 'zod'
import { toToast, type Toast, type ToastInput } from './toast'

export type { Toast, ToastInput }

// A separate, short-lived flash cookie so that a toast survives exactly one redirect and is
// readable in the server-rendered HTML (no JavaScript needed to see it).
const TOAST_KEY = 'toasts'

function storage() {
  const env = getEnv()
  return createCookieSessionStorage({
    cookie: {
      name: '__flash',
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: env.NODE_ENV === 'production',
      secrets: env.SESSION_SECRETS,
    },
  })
}

/** Set-Cookie headers that carry one or more toasts to the next page. */
export async function createToastHeaders(...toasts: ToastInput[]): Promise<Headers> {
  const store = storage()
  const session = await store.getSession()
  session.flash(
    TOAST_KEY,
    toasts.map((t) => toToast(t)),
  )
  return new Headers({ 'Set-Cookie': await store.commitSession(session) })
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const toastHeaders = await createToastHeaders(toast)
  return redirect(url, { ...init, headers: combineHeaders(init?.headers, toastHeaders) })
}

/** Reads (and clears) the flash toasts of a request. */
export async function getToasts(request: Request): Promise<{ toasts: Toast[]; headers: Headers | null }> {
  const store = storage()
  const session = await store.getSession(request.headers.get('Cookie'))
  const raw: unknown = session.get(TOAST_KEY)
  if (raw === undefined) return { toasts: [], headers: null }
  const parsed = z_toasts.safeParse(raw)
  return {
    toasts: parsed.success ? parsed.data : [],
    headers: new Headers({ 'Set-Cookie': await store.destroySession(session) }),
  }
}

// The cookie is signed, but an old deploy may have written another shape: validate, don't trust.
const z_toasts = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().optional(),
    type: z.enum(['success', 'destructive']),
  })
  .array()

