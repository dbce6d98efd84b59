// P18: the reminder e-mails' unsubscribe link (/reminders/unsubscribe?token=…), no sign-in needed.
// GET only shows what the link would switch off (mail scanners open links: opening one must change
// nothing); the page's button POSTs, and so does a mail client's RFC 8058 one-click unsubscribe
// (body `List-Unsubscribe=One-Click` to the very URL of the List-Unsubscribe header), which gets a
// plain 200 rather than the page.
import { data } from '@remix-run/node'
import { readForm } from './form-data.server'
import { checkUnsubscribe, unsubscribe } from './provider-api.server'
import { createProviderClient } from './provider-client.server'
import { failureLines } from './provider-errors'
import { isReminderKind, type ReminderKind } from './reminders'

export type UnsubscribePage =
  | { state: 'confirm'; token: string; kind: ReminderKind; on: boolean }
  | { state: 'done'; kind: ReminderKind }
  | { state: 'invalid'; message: string[] }

const NO_STORE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }

export async function unsubscribeLoader(request: Request) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const api = await createProviderClient(request)
  const checked = await checkUnsubscribe(api, token)
  const page: UnsubscribePage =
    checked.ok && isReminderKind(checked.content.kind)
      ? { state: 'confirm', token, kind: checked.content.kind, on: checked.content.on }
      : { state: 'invalid', message: checked.ok ? [] : failureLines(checked) }
  return data(page, { status: page.state === 'invalid' ? 400 : 200, headers: NO_STORE })
}

export async function unsubscribeAction(request: Request) {
  const form = await readForm(request)
  const oneClick = form.get('List-Unsubscribe') === 'One-Click'
  const token = String(form.get('token') ?? new URL(request.url).searchParams.get('token') ?? '')
  const api = await createProviderClient(request)
  const done = await unsubscribe(api, token)
  if (oneClick) {
    return new Response(done.ok ? 'Unsubscribed.' : done.message, {
      status: done.ok ? 200 : done.status >= 400 && done.status < 500 ? done.status : 502,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE },
    })
  }
  const page: UnsubscribePage =
    done.ok && isReminderKind(done.content.kind)
      ? { state: 'done', kind: done.content.kind }
      : { state: 'invalid', message: done.ok ? [] : failureLines(done) }
  return data(page, { status: page.state === 'invalid' ? 400 : 200, headers: NO_STORE })
}
