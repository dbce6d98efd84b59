// Server side of secure messages (docs/provider-api.md "Messages"): the patient's
// screen, the care team's inbox, the Messages tab of a patient's record, the nav's unread counts.
// Viewing marks read here, in the loader, up to the newest message shown (decision: it is the one
// place that works without JavaScript too; a hovered link's prefetch does not count as reading).
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from '@remix-run/node'
import { invalidFormToast, makeToast } from '~/platform/form-replies.server'
import {
  HANDLED_INTENT,
  inboxHref,
  MESSAGE_SENT,
  MESSAGES_PATH,
  MESSAGES_TAB,
  newestId,
  parseBefore,
  parseInboxQuery,
  recordMessagesHref,
  SEND_INTENT,
  type Inbox,
  type InboxQuery,
  type PatientConversation,
  type TeamConversation,
} from './care-messages'
import { messageSchema } from './care-messages-form'
import { API } from '~/../common/contract/endpoints'
import { INBOX_PAGE_SIZE } from '~/../common/contract/messages-values'
import { isPrefetch } from '~/platform/background'
import { getEnv } from '~/platform/env.server'
import { readForm } from '~/platform/form-data.server'
import type { AdminContext, CustomerContext, RequestContext } from '~/platform/guards.server'
import { patientTimeZone } from '~/platform/patient-clock.server'
import type { ProviderClient } from '~/platform/provider-client.server'
import type { Toast } from '~/platform/toast'
import { redirectWithToast } from '~/platform/toast.server'

/** How many messages a page of a conversation shows; older ones behind "Show earlier messages". */
export const CONVERSATION_PAGE = 30

export type MessageFormAnswer = { result: SubmissionResult<string[]>; toast?: Toast }

// ---- The nav's unread counts ------------------------------------------------------------------

/**
 * The count only (`limit=0` / `page_size=0`): one cheap call per layout load. A failure is no
 * count, never a broken page.
 */
export async function unreadCount(ctx: RequestContext, portal: 'customer' | 'admin'): Promise<number | null> {
  try {
    const counts =
      portal === 'customer'
        ? await ctx.api.call(API.messages.patientList, { query: { limit: 0 } })
        : await ctx.api.call(API.messages.inbox, { query: { page_size: 0 } })
    return counts.ok ? counts.content.unread : null
  } catch (error) {
    // A redirect (the session ended) is the page's business: let it through.
    if (error instanceof Response) throw error
    return null
  }
}

// ---- The patient ------------------------------------------------------------------------------

export type PatientMessagesPage = {
  conversation: PatientConversation | null
  error: string | null
  before: number | null
  /** The patient's own zone when the browser told us, else the clinic's (then shown with its name). */
  timeZone: string
  ownZone: boolean
}

export async function loadPatientMessages(ctx: CustomerContext) {
  const url = new URL(ctx.request.url)
  const before = parseBefore(url.searchParams.get('before'))
  const result = await ctx.api.call(API.messages.patientList, {
    query: { limit: CONVERSATION_PAGE, before: before ?? undefined },
  })
  const zone = patientTimeZone(ctx.request)
  const page: PatientMessagesPage = {
    conversation: result.ok ? result.content : null,
    error: result.ok ? null : result.message,
    before,
    timeZone: zone ?? getEnv().CLINIC_TIME_ZONE,
    ownZone: zone !== null,
  }
  if (result.ok && result.content.unread > 0 && !isPrefetch(ctx.request)) {
    const upTo = newestId(result.content.messages)
    // A failed read mark only leaves the badge on; the conversation still shows.
    if (upTo !== null) await ctx.api.call(API.messages.patientRead, { body: { up_to: upTo } })
  }
  return data(page, { headers: ctx.headers })
}

export async function sendPatientMessage(ctx: CustomerContext) {
  const submission = parseWithZod(await readForm(ctx.request), { schema: messageSchema })
  if (submission.status !== 'success') {
    return data<MessageFormAnswer>({ result: submission.reply(), toast: invalidFormToast() }, { status: 400, headers: ctx.headers })
  }
  const result = await ctx.api.call(API.messages.patientSend, { body: { body: submission.value.body } })
  if (result.ok) return redirectWithToast(MESSAGES_PATH, { title: result.message || MESSAGE_SENT }, { headers: ctx.headers })
  return refused(submission, result, ctx.headers)
}

function refused(
  submission: { reply(options?: { fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]> },
  result: { status: number; message: string; fieldErrors: Record<string, string[]> },
  headers: Headers,
) {
  const fieldErrors: Record<string, string[]> = {}
  if (result.fieldErrors.body) fieldErrors.body = result.fieldErrors.body
  if (result.fieldErrors.alert_id) fieldErrors.body = [...(fieldErrors.body ?? []), ...result.fieldErrors.alert_id]
  return data<MessageFormAnswer>(
    {
      result: submission.reply({ fieldErrors }),
      toast: makeToast({ title: result.message, type: 'destructive' }),
    },
    { status: result.status >= 400 && result.status < 500 ? result.status : 502, headers },
  )
}

// ---- The care team's inbox --------------------------------------------------------------------

export type InboxPage = { query: InboxQuery; inbox: Inbox | null; error: string | null }

export async function loadInbox({ request, api, headers }: AdminContext) {
  const url = new URL(request.url)
  const query = parseInboxQuery(url.searchParams)
  const canonical = inboxHref(query)
  if (`${url.pathname}${url.search}` !== canonical) throw redirect(canonical)
  const result = await api.call(API.messages.inbox, {
    query: { filter: query.filter, page: String(query.page), page_size: INBOX_PAGE_SIZE },
  })
  if (result.ok && result.content.items.length === 0 && query.page > 1 && result.content.pages > 0) {
    throw redirect(inboxHref(query, { page: result.content.pages }), { headers })
  }
  const page: InboxPage = result.ok
    ? { query, inbox: result.content, error: null }
    : { query, inbox: null, error: result.message }
  return data(page, { headers })
}

// ---- The Messages tab of a patient's record ---------------------------------------------------

export type RecordMessages = {
  conversation: TeamConversation | null
  error: string | null
  before: number | null
  /** The alert the next message starts from (`?alert=`), when it is one of this patient's. */
  alertId: number | null
}

export function isMessagesTab(request: Request): boolean {
  return new URL(request.url).searchParams.get('tab') === MESSAGES_TAB
}

/** Loads the conversation (audited by the API) and marks it read up to the newest message shown. */
export async function loadRecordMessages(
  request: Request,
  api: ProviderClient,
  patientId: string,
  alertIds: readonly number[],
): Promise<RecordMessages> {
  const params = new URL(request.url).searchParams
  const before = parseBefore(params.get('before'))
  const alert = parseBefore(params.get('alert'))
  const result = await api.call(API.messages.teamList, {
    params: { id: patientId },
    query: { limit: CONVERSATION_PAGE, before: before ?? undefined },
  })
  if (result.ok && result.content.unread > 0 && !isPrefetch(request)) {
    const upTo = newestId(result.content.messages)
    if (upTo !== null) await api.call(API.messages.teamRead, { params: { id: patientId }, body: { up_to: upTo } })
  }
  return {
    conversation: result.ok ? result.content : null,
    error: result.ok ? null : result.message,
    before,
    alertId: alert !== null && alertIds.includes(alert) ? alert : null,
  }
}

/** The tab's two forms: a reply (or first message, maybe from an alert) and "Mark as handled". */
export async function recordMessagesAction(ctx: AdminContext, patientId: string, formData: FormData) {
  const back = recordMessagesHref(patientId)
  if (formData.get('intent') === HANDLED_INTENT) {
    const result = await ctx.api.call(API.messages.handled, { params: { id: patientId } })
    return redirectWithToast(
      back,
      result.ok ? { title: result.message || 'Conversation marked as handled.' } : { title: result.message, type: 'destructive' },
      { headers: ctx.headers },
    )
  }
  if (formData.get('intent') !== SEND_INTENT) throw redirect(back)
  const submission = parseWithZod(formData, { schema: messageSchema })
  if (submission.status !== 'success') {
    return data<MessageFormAnswer>({ result: submission.reply(), toast: invalidFormToast() }, { status: 400, headers: ctx.headers })
  }
  const { body, alertId } = submission.value
  const result = await ctx.api.call(API.messages.teamSend, {
    params: { id: patientId },
    body: alertId ? { body, alert_id: Number(alertId) } : { body },
  })
  if (result.ok) return redirectWithToast(back, { title: result.message || MESSAGE_SENT }, { headers: ctx.headers })
  return refused(submission, result, ctx.headers)
}

export function isMessagesIntent(formData: FormData): boolean {
  const intent = formData.get('intent')
  return intent === SEND_INTENT || intent === HANDLED_INTENT
}
