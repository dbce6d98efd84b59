// The reminder e-mails' unsubscribe link (/reminders/unsubscribe?token=…), no sign-in needed.
// GET only shows what the link would switch off (mail scanners open links: opening one must change
// nothing); the page's button POSTs. A mail client's RFC 8058 one-click unsubscribe (body
// `List-Unsubscribe=One-Click`) goes to the List-Unsubscribe header's own address,
// /reminders/one-click?token=…, which answers in plain text rather than with a page.
import { data, redirect } from '@remix-run/node'
import { readForm } from '~/platform/form-data.server'
import { checkUnsubscribe, unsubscribe } from './reminders-api.server'
import type { RequestContext } from '~/platform/guards.server'
import { failureLines } from '~/platform/provider-errors'
import { isReminderKind, type ReminderKind } from './reminders'

export type UnsubscribePage =
  | { state: 'confirm'; token: string; kind: ReminderKind; on: boolean }
  | { state: 'done'; kind: ReminderKind }
  | { state: 'invalid'; message: string[] }

const NO_STORE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }

export async function unsubscribeLoader({ request, api }: RequestContext) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const checked = await checkUnsubscribe(api, token)
  const page: UnsubscribePage =
    checked.ok && isReminderKind(checked.content.kind)
      ? { state: 'confirm', token, kind: checked.content.kind, on: checked.content.on }
      : { state: 'invalid', message: checked.ok ? [] : failureLines(checked) }
  return data(page, { status: page.state === 'invalid' ? 400 : 200, headers: NO_STORE })
}

export async function unsubscribeAction({ request, api }: RequestContext) {
  const form = await readForm(request)
  const token = String(form.get('token') ?? new URL(request.url).searchParams.get('token') ?? '')
  const done = await unsubscribe(api, token)
  const page: UnsubscribePage =
    done.ok && isReminderKind(done.content.kind)
      ? { state: 'done', kind: done.content.kind }
      : { state: 'invalid', message: done.ok ? [] : failureLines(done) }
  return data(page, { status: page.state === 'invalid' ? 400 : 200, headers: NO_STORE })
}

/**
 * /reminders/one-click?token=…, the List-Unsubscribe address: a mail client's RFC 8058 POST
 * (body `List-Unsubscribe=One-Click`) unsubscribes and gets plain text, never a page. A resource
 * route, so its answer is sent as it is.
 */
export async function oneClickUnsubscribe({ request, api }: RequestContext) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const done = await unsubscribe(api, token)
  return new Response(done.ok ? 'Unsubscribed.' : done.message, {
    status: done.ok ? 200 : done.status >= 400 && done.status < 500 ? done.status : 502,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE },
  })
}

/** A person who opens the List-Unsubscribe address gets the page, which asks first. */
export function oneClickPage(request: Request) {
  const { search } = new URL(request.url)
  return redirect(`/reminders/unsubscribe${search}`, { headers: NO_STORE })
}
