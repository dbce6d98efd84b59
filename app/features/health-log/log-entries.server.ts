// Server side of the health log: typed provider calls (docs/provider-api.md "Health log", an
// extension), the patient's "today", and the loader and action of /customer/log-data.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from '@remix-run/node'
import { API, type EndpointInput } from '~/../common/contract/endpoints'
import type { PreferencesBody } from '~/../common/contract/profile'
import { invalidFormToast, makeToast } from '~/platform/form-replies.server'
import type { CustomerContext } from '~/platform/guards.server'
import { dailyTargets, type DailyTargets } from '~/../common/daily-targets'
import { addDaysIso, isCurrentWeek, isEntryKind, isIsoDate, logDataHref, mondayOf, parseEntryRef, resolveWeek, timeIn, weekDays, type EntriesByKind, type EntryKind, type EntryRef, type LogEntry, type LogPanel, type LogRange } from './log-entries'
import { DELETED_TOAST, editEntryFormId, newEntryFormId, ENTRY_GONE, SAVED_TOASTS, UPDATED_TOAST } from './log-entry-text'
import { defaultEntryDate, entryFormFields, entrySchema, type EntryPayloads } from './log-entry-forms'
import { preferredUnits } from '~/features/profile/payloads'
import { getProfile } from '~/platform/provider-api.server'
import type { ProviderClient } from '~/platform/provider-client.server'
import type { ProviderResult } from '~/platform/provider-errors'
import type { Toast } from '~/platform/toast'
import { redirectWithToast } from '~/platform/toast.server'
import { readForm } from '~/platform/form-data.server'
import { latestEntryDate, patientTimeZone, patientToday } from '~/platform/patient-clock.server'

// ---- Provider calls -------------------------------------------------------------------------

/** GET v1/auth/entries/?from&to: every kind in a range, plus the newest of each kind. */
export function listEntries(api: ProviderClient, from: string, to: string): Promise<ProviderResult<LogRange>> {
  return api.call(API.entries.range, { query: { from, to } })
}

export function getEntry(api: ProviderClient, ref: EntryRef): Promise<ProviderResult<LogEntry>> {
  return api.call(API.entries[ref.kind].get, { params: { id: ref.id } })
}

/** Each kind's form payload is a body its endpoint takes (checked here, kind by kind). */
type PayloadsFit = { [K in EntryKind]: EntryPayloads[K] extends EndpointInput<(typeof API.entries)[K]['create']>['body'] ? true : never }
const payloadsFit: PayloadsFit = { weight: true, sleep: true, meal: true, water: true, vitamins: true }
void payloadsFit

// TypeScript cannot pair kind K's payload with kind K's endpoint through a generic lookup; the
// check above does it for every kind, so the body is passed on unchecked here (`as never`).
export function createEntry<K extends EntryKind>(
  api: ProviderClient,
  kind: K,
  payload: EntryPayloads[K],
): Promise<ProviderResult<unknown>> {
  const endpoint: (typeof API.entries)[EntryKind]['create'] = API.entries[kind].create
  return api.call(endpoint, { body: payload as never })
}

export function updateEntry<K extends EntryKind>(
  api: ProviderClient,
  ref: EntryRef & { kind: K },
  payload: EntryPayloads[K],
): Promise<ProviderResult<unknown>> {
  const endpoint: (typeof API.entries)[EntryKind]['update'] = API.entries[ref.kind].update
  return api.call(endpoint, { params: { id: ref.id }, body: payload as never })
}

export function deleteEntry(api: ProviderClient, ref: EntryRef): Promise<ProviderResult<null>> {
  return api.call(API.entries[ref.kind].remove, { params: { id: ref.id } })
}

export type PreferencesPayload = PreferencesBody

/** PUT v1/auth/profile/preferences/ (extension): any of the daily targets and display units. */
export async function savePreferences(
  api: ProviderClient,
  payload: PreferencesPayload,
): Promise<ProviderResult<unknown>> {
  return api.call(API.profile.preferences, { body: payload })
}

// ---- The dashboard's share ------------------------------------------------------------------

export type HealthLogSnapshot = {
  /** The patient's today (YYYY-MM-DD). */
  today: string
  /** Yesterday's and today's entries plus the newest of each kind; null when it could not be read. */
  log: LogRange | null
  error: string | null
}

/**
 * One call for what the dashboard needs from the log (GET v1/auth/entries/ for yesterday and
 * today: today's meals and water, last night's sleep, the latest of every kind). Meant to run in
 * parallel with the profile; the caller answers with `ctx.headers`.
 */
export async function loadHealthLog({ request, api }: CustomerContext): Promise<HealthLogSnapshot> {
  const today = patientToday(request)
  const result = await listEntries(api, addDaysIso(today, -1), today)
  return {
    today,
    log: result.ok ? result.content : null,
    error: result.ok ? null : result.message,
  }
}

// ---- Loader ---------------------------------------------------------------------------------

export async function loadLogData({ request, api, headers }: CustomerContext) {
  const url = new URL(request.url)
  const params = url.searchParams
  const today = patientToday(request)
  const { monday, redirect: wrongWeek } = resolveWeek(params.get('week'), today)
  const sunday = addDaysIso(monday, 6)
  const dayParam = params.get('day')
  const day =
    isIsoDate(dayParam) && dayParam >= monday && dayParam <= sunday && dayParam <= today ? dayParam : null
  const logParam = params.get('log')
  const kind: EntryKind = isEntryKind(logParam) ? logParam : 'weight'
  if (wrongWeek) throw redirect(logDataHref({ week: monday, log: kind }))

  const editRef = parseEntryRef(params.get('edit'))
  const deleteRef = editRef ? null : parseEntryRef(params.get('confirmDelete'))
  const ref = editRef ?? deleteRef

  const [profile, week, entry] = await Promise.all([
    getProfile(api),
    listEntries(api, monday, sunday),
    ref ? getEntry(api, ref) : Promise.resolve(null),
  ])

  let panel: LogPanel = {
    mode: 'new',
    kind,
    date: day ?? defaultEntryDate(kind, today),
    time: timeIn(patientTimeZone(request)),
  }
  if (ref && entry) {
    if (entry.ok)
      panel = editRef
        ? { mode: 'edit', entry: entry.content }
        : { mode: 'confirm-delete', entry: entry.content }
    else panel = { mode: 'missing', ref }
  }

  const units = profile.ok
    ? preferredUnits(profile.content)
    : { weight: 'kg' as const, height: 'cm' as const }
  const targets: DailyTargets = dailyTargets(profile.ok ? profile.content.preferences : null)
  const entries: EntriesByKind | null = week.ok ? week.content : null
  // The day listed under the week: the one asked for, else today in this week, else its Sunday.
  const selectedDay = day ?? (isCurrentWeek(monday, today) ? today : sunday)

  return data(
    {
      today,
      monday,
      days: weekDays(monday),
      previousWeek: addDaysIso(monday, -7),
      nextWeek: isCurrentWeek(monday, today) ? null : addDaysIso(monday, 7),
      currentWeek: mondayOf(today),
      selectedDay,
      dayPicked: day !== null,
      weightUnit: units.weight,
      targets,
      entries,
      loadError: week.ok ? null : week.message,
      panel,
    },
    { headers },
  )
}

// ---- Action ---------------------------------------------------------------------------------

export type LogActionData = {
  formId: string
  result: SubmissionResult<string[]>
  toast?: Toast
}

function formRef(formData: FormData): EntryRef | null {
  return parseEntryRef(`${formData.get('kind') ?? ''}:${formData.get('id') ?? ''}`)
}

export async function logDataAction(ctx: CustomerContext) {
  const { request, api, headers } = ctx
  const formData = await readForm(request)
  const intent = formData.get('intent')

  if (intent === 'delete') {
    const ref = formRef(formData)
    if (!ref) throw redirect(logDataHref({}))
    const week = String(formData.get('week') ?? '')
    const day = String(formData.get('day') ?? '')
    const back = logDataHref({
      week: isIsoDate(week) ? week : undefined,
      day: isIsoDate(day) ? day : undefined,
    })
    const result = await deleteEntry(api, ref)
    if (result.ok || result.status === 404) {
      // Deleting what is already gone leaves the patient where they wanted to be.
      return redirectWithToast(
        back,
        { title: result.ok ? DELETED_TOAST : ENTRY_GONE },
        { headers },
      )
    }
    return redirectWithToast(back, { title: result.message, type: 'destructive' }, { headers })
  }

  const kindValue = formData.get('kind')
  if (!isEntryKind(kindValue) || (intent !== 'create' && intent !== 'update')) throw redirect(logDataHref({}))
  const ref = intent === 'update' ? formRef(formData) : null
  if (intent === 'update' && ref?.kind !== kindValue) throw redirect(logDataHref({}))
  return saveEntry(ctx, formData, kindValue, ref)
}

async function saveEntry(
  { request, api, headers }: CustomerContext,
  formData: FormData,
  kind: EntryKind,
  ref: EntryRef | null,
) {
  const formId = ref ? editEntryFormId(ref) : newEntryFormId(kind)
  const submission = parseWithZod(formData, { schema: entrySchema(kind, latestEntryDate(request)) })
  if (submission.status !== 'success') {
    return data<LogActionData>(
      {
        formId,
        result: submission.reply(),
        toast: invalidFormToast(),
      },
      { status: 400, headers },
    )
  }
  const payload = submission.value as EntryPayloads[EntryKind]
  const result = ref ? await updateEntry(api, ref, payload) : await createEntry(api, kind, payload)
  if (!result.ok) {
    // The provider's field messages go under our fields (same names); anything else above the form.
    const fields = new Set(entryFormFields(kind))
    const fieldErrors: Record<string, string[]> = {}
    const formErrors: string[] = []
    for (const [name, messages] of Object.entries(result.fieldErrors)) {
      if (fields.has(name)) fieldErrors[name] = messages
      else formErrors.push(...messages)
    }
    if (Object.keys(fieldErrors).length === 0 && formErrors.length === 0) formErrors.push(result.message)
    return data<LogActionData>(
      {
        formId,
        result: submission.reply({ fieldErrors, formErrors }),
        toast: makeToast({ title: result.message, type: 'destructive' }),
      },
      { status: result.kind === 'http' && result.status < 500 ? result.status : 502, headers },
    )
  }
  const date = payload.date
  return redirectWithToast(
    logDataHref({ week: mondayOf(date), day: date, log: kind }),
    { title: ref ? UPDATED_TOAST : SAVED_TOASTS[kind] },
    { headers },
  )
}
