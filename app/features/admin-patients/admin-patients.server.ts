// Server side of /admin/patients and /admin/patient/:id: the provider's admin patient calls
// (docs/provider-api.md "Extensions", admin patients), checked before use, the two loaders and the
// acknowledge-an-alert action.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from '@remix-run/node'
import { z } from 'zod'
import { WEEKDAYS } from '~/features/reminders/reminders'
import {
  parsePatientsQuery,
  patientPath,
  patientsHref,
  providerPatientsQuery,
  type PatientsQuery,
} from './admin-patients'
import { acknowledgeSchema, ACKNOWLEDGE_INTENT, alertSchema, type PatientAlert } from './alerts'
import { invalidFormToast } from '~/platform/form-replies.server'
import type { AdminContext } from '~/platform/guards.server'
import { DEFAULT_TARGETS } from '~/features/health-log/health-metrics'
import { isIsoDate, MEAL_TYPES, VITAMINS, type EntriesByKind } from '~/features/health-log/log-entries'
import { patientToday } from '~/platform/patient-clock.server'
import type { ProviderClient } from '~/platform/provider-client.server'
import type { ProviderResult } from '~/platform/provider-errors'
import type { Toast } from '~/platform/toast'
import { redirectWithToast } from '~/platform/toast.server'
import { buildTrends, parseTrendRange, trendWindow, type TrendRange, type TrendsModel } from '~/features/trends/trends'
import { isWeightUnit, waterUnitFor, type WeightUnit } from '~/platform/units'
import { checked } from '~/platform/provider-result.server'
import { readForm } from '~/platform/form-data.server'
import { isMessagesIntent, isMessagesTab, loadRecordMessages, recordMessagesAction, type RecordMessages } from '~/features/messages/care-messages.server'


const isoDate = z.string().refine(isIsoDate)
const nullableNumber = z.number().nullable().catch(null)
const nullableText = z.string().nullable().catch(null)
const tier = z.union([z.literal(1), z.literal(2), z.literal(3)])
const milestone = z
  .object({ label: z.string(), date: isoDate, days_until: z.number() })
  .nullable()
  .catch(null)
const onboarding = z.enum(['unverified', 'verified', 'onboarded']).catch('verified')

// ---- List -----------------------------------------------------------------------------------

const listItemSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  email: z.string(),
  onboarding,
  surgery_type: nullableText,
  surgery_date: nullableText,
  days_post_op: nullableNumber,
  current_kg: nullableNumber,
  twl_percent: nullableNumber,
  last_entry_day: nullableText,
  days_since_last_data: nullableNumber,
  last_sync_at: nullableText,
  next_milestone: milestone,
  open_alerts: z.number().catch(0),
  alert_tier: tier.nullable().catch(null),
})
export type PatientListItem = z.output<typeof listItemSchema>

const listSchema = z.object({
  items: z.array(listItemSchema),
  page: z.number(),
  page_size: z.number(),
  total: z.number(),
  total_pages: z.number(),
})

export function listPatients(api: ProviderClient, query: PatientsQuery) {
  return api
    .call('GET', 'v1/admin/patients/', { query: providerPatientsQuery(query) })
    .then((result) => checked(result, listSchema))
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

const deviceSchema = z.object({
  service: z.string(),
  service_name: z.string(),
  status: z.enum(['connected', 'not_connected', 'needs_attention']).catch('not_connected'),
  data_types: z.array(z.string()).catch([]),
  last_synced_at: nullableText,
  last_error: nullableText,
})
export type PatientDevice = z.output<typeof deviceSchema>

const detailSchema = z.object({
  patient: z.object({
    id: z.number(),
    full_name: z.string(),
    email: z.string(),
    phone_number: nullableText,
    date_of_birth: nullableText,
    age: nullableNumber,
    gender: nullableText,
    city: nullableText,
    state: nullableText,
    onboarding,
    created_at: z.string(),
  }),
  surgery: z.object({
    bariatric_status: z.enum(['yes', 'plan', 'no']).nullable().catch(null),
    surgery_type: nullableText,
    surgery_date: nullableText,
    days_post_op: nullableNumber,
    hospital_name: nullableText,
  }),
  measures: z.object({
    height_cm: nullableNumber,
    baseline_kg: nullableNumber,
    baseline_source: z.enum(['pre_surgery', 'initial']).nullable().catch(null),
    ideal_kg: nullableNumber,
    goal_kg: nullableNumber,
    current_kg: nullableNumber,
    current_day: nullableText,
    nadir_kg: nullableNumber,
    nadir_day: nullableText,
    bmi: nullableNumber,
    twl_percent: nullableNumber,
    ewl_percent: nullableNumber,
  }),
  conditions: z.array(z.string()).catch([]),
  allergies: z.string().catch(''),
  next_milestone: milestone,
  adherence: z.object({
    window_days: z.number(),
    days_with_data: z.number(),
    protein_target_g: z.number(),
    protein_days_logged: z.number(),
    protein_days_on_target: z.number(),
    protein_hit_rate: nullableNumber,
  }),
  regain: z
    .object({ threshold_percent: z.number(), kg: z.number(), percent: z.number(), flagged: z.boolean() })
    .nullable()
    .catch(null),
  alerts: z.array(alertSchema),
  devices: z.array(deviceSchema).catch([]),
  last_sync_at: nullableText,
  last_entry_day: nullableText,
  days_since_last_data: nullableNumber,
  weight_unit: z.string().catch('kg'),
  // P18: which reminders the patient turned on (read only here); null when the API did not say.
  reminders: z
    .object({
      weigh_in: z.boolean(),
      protein: z.boolean(),
      water: z.boolean(),
      vitamins: z.boolean(),
      follow_up: z.boolean(),
      time: z.string(),
      days: z.array(z.enum(WEEKDAYS)),
      time_zone: z.string(),
      channel: z.literal('email'),
    })
    .nullable()
    .catch(null),
})
export type PatientDetail = z.output<typeof detailSchema>

const entry = { id: z.number(), date: isoDate, source: z.string().optional().catch(undefined) }
const entriesSchema = z.object({
  from: isoDate,
  to: isoDate,
  first_date: isoDate.nullable().catch(null),
  weight: z.array(
    z.object({
      ...entry,
      kind: z.literal('weight'),
      weight: z.number(),
      weight_unit: z.enum(['kg', 'lbs']).catch('kg'),
      note: z.string().catch(''),
      source: z.string().catch('manual'),
    }),
  ),
  sleep: z.array(
    z.object({
      ...entry,
      kind: z.literal('sleep'),
      hours: z.number(),
      quality: z.number(),
      bed_time: nullableText,
      wake_time: nullableText,
    }),
  ),
  meal: z.array(
    z.object({
      ...entry,
      kind: z.literal('meal'),
      time: z.string().catch(''),
      meal_type: z.enum(MEAL_TYPES),
      protein_g: z.number(),
      calories: nullableNumber,
      description: z.string().catch(''),
    }),
  ),
  water: z.array(z.object({ ...entry, kind: z.literal('water'), ml: z.number() })),
  vitamins: z.array(z.object({ ...entry, kind: z.literal('vitamins'), taken: z.array(z.enum(VITAMINS)) })),
})
type PatientEntries = EntriesByKind & { from: string; to: string; first_date: string | null }

// Ids are the provider's; only digits can be one, and anything else must not reach its path.
const PATIENT_ID = /^\d{1,15}$/

const detailWithEntriesSchema = detailSchema.extend({ entries: entriesSchema.optional().catch(undefined) })

/**
 * The record with its health log for the trends, in one call (?include=entries): one look at a
 * record is one audit row. A provider that ignores `include` answers without `entries`; the log
 * is then asked for on its own.
 */
async function getPatientRecord(api: ProviderClient, id: string, window: { from: string | null; to: string }) {
  const result = await api.call('GET', `v1/admin/patients/${id}/`, {
    query: { include: 'entries', from: window.from ?? undefined, to: window.to },
  })
  const checkedResult = checked(result, detailWithEntriesSchema)
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
  const result = await api.call('GET', `v1/admin/patients/${id}/entries/`, {
    query: { from: window.from ?? undefined, to: window.to },
  })
  // The schema's output is the log's entry shapes (with `source` kept where sent).
  return checked(result, entriesSchema) as ProviderResult<PatientEntries>
}

export type PatientPage = {
  /** The record's tabs: the overview (default) or the conversation (`?tab=messages`, P18). */
  tab: 'overview' | 'messages'
  messages: RecordMessages | null
  detail: PatientDetail
  range: TrendRange
  unit: WeightUnit
  trends: TrendsModel | null
  trendsError: string | null
  today: string
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

export async function loadPatientPage({ request, api, headers }: AdminContext, id: string | undefined) {
  if (!id || !PATIENT_ID.test(id)) return data({ error: null, page: null, notFound: true }, { status: 404 })
  const params = new URL(request.url).searchParams
  const range = parseTrendRange(params.get('range'))
  const today = patientToday(request)
  if (isMessagesTab(request)) return loadMessagesTab({ request, api, headers }, id, range, today)
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
) {
  const detail = checked(await api.call('GET', `v1/admin/patients/${id}/`), detailSchema)
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
  return api
    .call('POST', `v1/admin/alerts/${alertId}/acknowledge/`, { body: { note } })
    .then((result) => checked(result, alertSchema))
}
