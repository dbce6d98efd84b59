// Server side of /admin/patients and /admin/patient/:id: the provider's admin patient calls
// (docs/provider-api.md "Extensions", admin patients), checked before use, the two loaders and the
// acknowledge-an-alert action.
import { CLOSE_PATIENT_INTENT } from '~/features/account-closure/account-closure'
import { closePatientAccountAction } from '~/features/account-closure/account-closure.server'
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from '@remix-run/node'
import {
  parsePatientsQuery,
  patientPath,
  patientsHref,
  providerPatientsQuery,
  type PatientsQuery,
} from './admin-patients'
import { ACKNOWLEDGE_INTENT, type PatientAlert } from './alerts'
import { acknowledgeSchema } from './acknowledge-schema'
import {
  type PatientDevice,
  type PatientListItem,
  type PatientRecord as PatientDetail,
} from '~/../common/contract/admin-patients'
import { API } from '~/../common/contract/endpoints'
import type { TrendEntries } from '~/../common/contract/entries'
import { invalidFormToast } from '~/platform/form-replies.server'
import type { AdminContext } from '~/platform/guards.server'
import { DEFAULT_TARGETS } from '~/../common/daily-targets'
import { isIsoDate } from '~/features/health-log/log-entries'
import { patientToday } from '~/platform/patient-clock.server'
import type { ProviderClient } from '~/platform/provider-client.server'
import type { ProviderResult } from '~/platform/provider-errors'
import type { Toast } from '~/platform/toast'
import { redirectWithToast } from '~/platform/toast.server'
import { buildTrends, parseTrendRange, trendWindow, type TrendRange, type TrendsModel } from '~/features/trends/trends'
import { isWeightUnit, waterUnitFor, type WeightUnit } from '~/platform/units'
import { readForm } from '~/platform/form-data.server'
import { isMessagesIntent, isMessagesTab, loadRecordMessages, recordMessagesAction, type RecordMessages } from '~/features/messages/care-messages.server'


// ---- List -----------------------------------------------------------------------------------

export type { PatientListItem }

export function listPatients(api: ProviderClient, query: PatientsQuery) {
  return api.call(API.adminPatients.list, { query: providerPatientsQuery(query) })
}

export type PatientsPage = {
  query: PatientsQuery
  items: PatientListItem[]
  total: number
  totalPages: number
  error: string | null
}

export async function loadPatientsList({ request, api, headers }: AdminContext) {
  const url = new URL(request.url)
  const query = parsePatientsQuery(url.searchParams)
  // One URL per state: the GET form sends its empty filters too, and bad values are dropped.
  const canonical = patientsHref(query)
  if (`${url.pathname}${url.search}` !== canonical) throw redirect(canonical)
  const result = await listPatients(api, query)
  if (result.ok && result.content.items.length === 0 && query.page > 1 && result.content.total > 0) {
    // Past the last page (a stale link, or patients left the filter): show the last page instead.
    throw redirect(patientsHref(query, { page: result.content.total_pages }), { headers })
  }
  const page: PatientsPage = result.ok
    ? {
        query,
        items: result.content.items,
        total: result.content.total,
        totalPages: result.content.total_pages,
        error: null,
      }
    : { query, items: [], total: 0, totalPages: 0, error: result.message }
  return data(page, { headers })
}

// ---- Detail ---------------------------------------------------------------------------------

export type { PatientDetail, PatientDevice }
type PatientEntries = TrendEntries

// Ids are the provider's; only digits can be one, and anything else must not reach its path.
const PATIENT_ID = /^\d{1,15}$/



/**
 * The record with its health log for the trends, in one call (?include=entries): one look at a
 * record is one audit row. A provider that ignores `include` answers without `entries`; the log
 * is then asked for on its own.
 */
async function getPatientRecord(api: ProviderClient, id: string, window: { from: string | null; to: string }) {
  const checkedResult = await api.call(API.adminPatients.record, {
    params: { id },
    query: { include: 'entries', from: window.from ?? undefined, to: window.to },
  })
  if (!checkedResult.ok) return { detail: checkedResult, entries: checkedResult }
  const { entries, ...detail } = checkedResult.content
  return {
    detail: { ...checkedResult, content: detail as PatientDetail },
    entries: entries
      ? ({ ...checkedResult, content: entries } as ProviderResult<PatientEntries>)
      : await getPatientEntries(api, id, window),
  }
}

export async function getPatientEntries(
  api: ProviderClient,
  id: string,
  window: { from: string | null; to: string },
): Promise<ProviderResult<PatientEntries>> {
  // The schema's output is the log's entry shapes (with `source` kept where sent).
  return api.call(API.adminPatients.entries, { params: { id }, query: { from: window.from ?? undefined, to: window.to } })
}

export type PatientPage = {
  /** The record's tabs: the overview (default) or the conversation (`?tab=messages`). */
  tab: 'overview' | 'messages'
  messages: RecordMessages | null
  detail: PatientDetail
  range: TrendRange
  unit: WeightUnit
  trends: TrendsModel | null
  trendsError: string | null
  today: string
  /** A Super Admin may close the account on the patient's written request. */
  canCloseAccount: boolean
}

function notFound(): never {
  throw new Response('Not Found', { status: 404 })
}

/** The facts the trend charts need, from the admin's record (the admin's unit, not the patient's). */
function trendsFactsFor(detail: PatientDetail, unit: WeightUnit) {
  return {
    heightCm: detail.measures.height_cm,
    baselineKg: detail.measures.baseline_kg,
    baselineLabel:
      detail.measures.baseline_source === 'pre_surgery'
        ? ('pre-surgery weight' as const)
        : detail.measures.baseline_source === 'initial'
          ? ('starting weight' as const)
          : null,
    goalKg: detail.measures.goal_kg,
    surgeryDate: isIsoDate(detail.surgery.surgery_date) ? detail.surgery.surgery_date : null,
    weightUnit: unit,
    // Water in the patient's own unit (fl oz when they weigh in lbs), whatever the admin's weight switch.
    waterUnit: waterUnitFor(detail.weight_unit),
    // The record carries only the protein target; water and sleep lines are the product defaults.
    targets: { ...DEFAULT_TARGETS, proteinG: detail.adherence.protein_target_g },
    reader: 'clinician' as const,
  }
}

export async function loadPatientPage({ request, api, headers, role }: AdminContext, id: string | undefined) {
  if (!id || !PATIENT_ID.test(id)) return data({ error: null, page: null, notFound: true }, { status: 404 })
  const params = new URL(request.url).searchParams
  const range = parseTrendRange(params.get('range'))
  const today = patientToday(request)
  const canCloseAccount = role === 'Super Admin'
  if (isMessagesTab(request)) return loadMessagesTab({ request, api, headers }, id, range, today, canCloseAccount)
  const { detail, entries } = await getPatientRecord(api, id, trendWindow(range, today))
  if (!detail.ok) {
    // Inside the portal (layout and sidebar kept), with the right status.
    if (detail.status === 404) return data({ error: null, page: null, notFound: true }, { status: 404, headers })
    return data({ error: detail.message, page: null, notFound: false }, { headers })
  }
  const unitParam = params.get('unit')
  const unit: WeightUnit = isWeightUnit(unitParam) ? unitParam : 'kg'
  const page: PatientPage = {
    tab: 'overview',
    messages: null,
    detail: detail.content,
    range,
    unit,
    today,
    canCloseAccount,
    trendsError: entries.ok ? null : entries.message,
    trends: entries.ok
      ? buildTrends({
          entries: entries.content,
          facts: trendsFactsFor(detail.content, unit),
          range,
          today,
          firstEntryDate: entries.content.first_date,
        })
      : null,
  }
  return data({ error: null, page, notFound: false }, { headers })
}

/** The Messages tab: the record (for its header and alerts) and the conversation, no health log. */
async function loadMessagesTab(
  { request, api, headers }: Pick<AdminContext, 'request' | 'api' | 'headers'>,
  id: string,
  range: TrendRange,
  today: string,
  canCloseAccount: boolean,
) {
  // The record alone: without `include` the answer has no `entries`.
  const detail = await api.call(API.adminPatients.record, { params: { id }, query: {} })
  if (!detail.ok) {
    if (detail.status === 404) return data({ error: null, page: null, notFound: true }, { status: 404, headers })
    return data({ error: detail.message, page: null, notFound: false }, { headers })
  }
  const unitParam = new URL(request.url).searchParams.get('unit')
  const messages = await loadRecordMessages(request, api, id, detail.content.alerts.map((alert) => alert.id))
  const page: PatientPage = {
    tab: 'messages',
    messages,
    detail: detail.content,
    range,
    unit: isWeightUnit(unitParam) ? unitParam : 'kg',
    today,
    canCloseAccount,
    trendsError: null,
    trends: null,
  }
  return data({ error: null, page, notFound: false }, { headers })
}

/** The record's one action: the Messages tab's forms, else acknowledging an alert. */
export async function patientRecordAction(ctx: AdminContext, id: string | undefined) {
  if (!id || !PATIENT_ID.test(id)) notFound()
  const formData = await readForm(ctx.request.clone())
  if (isMessagesIntent(formData)) return recordMessagesAction(ctx, id, formData)
  if (formData.get('intent') === CLOSE_PATIENT_INTENT) return closePatientAccountAction(ctx, id, formData, patientPath(id))
  return acknowledgeAlertAction(ctx, id)
}

// ---- Acknowledge an alert -------------------------------------------------------------------

export type AcknowledgeAnswer = { formId: string; result: SubmissionResult<string[]>; toast?: Toast }

export const acknowledgeFormId = (alertId: number | string) => `acknowledge-${alertId}`

export async function acknowledgeAlertAction({ request, api, headers }: AdminContext, id: string | undefined) {
  if (!id || !PATIENT_ID.test(id)) notFound()
  const formData = await readForm(request)
  const back = `${patientPath(id)}${new URL(request.url).search}#alerts`
  const alertId = String(formData.get('alertId') ?? '')
  if (formData.get('intent') !== ACKNOWLEDGE_INTENT || !PATIENT_ID.test(alertId)) throw redirect(back)
  const formId = acknowledgeFormId(alertId)
  const submission = parseWithZod(formData, { schema: acknowledgeSchema })
  if (submission.status !== 'success') {
    return data<AcknowledgeAnswer>(
      {
        formId,
        result: submission.reply(),
        toast: invalidFormToast(),
      },
      { status: 400, headers },
    )
  }
  const result = await acknowledge(api, alertId, submission.value.note)
  if (result.ok)
    return redirectWithToast(
      back,
      { title: result.message || 'Alert acknowledged.' },
      { headers },
    )
  if (result.status === 400 && result.fieldErrors.note) {
    return data<AcknowledgeAnswer>(
      { formId, result: submission.reply({ fieldErrors: { note: result.fieldErrors.note } }) },
      { status: 400, headers },
    )
  }
  // Already acknowledged by someone else, gone, or the provider is unwell: say so on the page.
  return redirectWithToast(back, { title: result.message, type: 'destructive' }, { headers })
}

function acknowledge(
  api: ProviderClient,
  alertId: string,
  note: string,
): Promise<ProviderResult<PatientAlert>> {
  return api.call(API.adminPatients.acknowledge, { params: { id: alertId }, body: { note } })
}
