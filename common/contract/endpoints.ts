// The route table: every endpoint of the API, declared once — method, path (`:name` marks a path
// parameter), who may call it, the schemas of its path parameters, query and body, and of its
// answer at both levels (decision 183). The API builds its router from it
// (provider/endpoint-router.ts: matching, the role check, input validation); the app calls it with
// `api.call(endpoint, input)` (app/platform/api-call.server.ts: the URL, the answer check);
// endpoints.test.ts holds it against docs/provider-api.md.
//
// `answer` is our API's level: what the API sends and checks before sending. `spec`, on SPEC.md §7
// calls only, is the SPEC level (spec.ts) the app reads those answers with, so the app works with
// any provider that implements SPEC §7. An endpoint without a query or body schema reads none.
//
// Server code only (zod); no Node-only imports.
import { z } from 'zod'
import { dashboardSchema } from './admin-dashboard'
import { patientEntriesSchema, patientListSchema, patientRecordWithEntriesSchema } from './admin-patients'
import { adminListItemSchema, adminListSchema, auditPageSchema, auditQuerySchema, inviteBodySchema, roleBodySchema } from './admins'
import { alertListSchema, alertSchema } from './alerts'
import {
  adminLoginSchema,
  adminSessionSchema,
  adminUserSchema,
  changePasswordBodySchema,
  credentialsBodySchema,
  emailAnswerSchema,
  forgotPasswordAnswerSchema,
  forgotPasswordBodySchema,
  logoutAnswerSchema,
  logoutBodySchema,
  mfaCodeBodySchema,
  mfaConfirmSchema,
  mfaLoginBodySchema,
  mfaSetupSchema,
  mfaStatusSchema,
  refreshAnswerSchema,
  refreshBodySchema,
  resendVerificationAnswerSchema,
  resendVerificationBodySchema,
  resetPasswordAnswerSchema,
  resetPasswordBodySchema,
  signUpBodySchema,
  specAdminLoginSchema,
  tokenPairSchema,
  verifyEmailQuerySchema,
} from './auth'
import { connectStartSchema, deviceListSchema, disconnectedSchema, syncedSchema, withingsNotifySchema } from './devices'
import { DEVICE_SERVICE_KEYS } from './devices-values'
import { ENTRY_SCHEMAS, entriesRangeSchema, entryDeletedSchema, trendEntriesSchema, trendReadingsSchema } from './entries'
import {
  ENTRIES_RANGE_MAX_DAYS,
  ENTRY_LIMITS,
  MANUAL_SOURCE,
  MEAL_TYPES,
  TRENDS_RANGE_MAX_DAYS,
  VITAMINS,
  type EntryKind,
} from './entries-values'
import {
  conversationSchema,
  inboxQuerySchema,
  inboxSchema,
  messagePageQuerySchema,
  newMessageBodySchema,
  patientConversationSchema,
  patientMessageBodySchema,
  patientMessageSchema,
  readMarkSchema,
  readUpToBodySchema,
  teamConversationSchema,
  teamMessageSchema,
} from './messages'
import {
  bariatricSectionSchema,
  customerProfileSchema,
  deviceSectionSchema,
  medicalSectionSchema,
  personalAnswerSchema,
  preferencesSchema,
  tourCompletedAnswerSchema,
} from './profile'
import { bariatricBody, deviceBody, medicalBody, personalBody, preferencesBody } from './profile-requests'
import { reminderSettingsSchema, unsubscribeSchema } from './reminders'
import { WEIGHT_UNITS } from './units-values'
import {
  canonicalTimeZone,
  DAYS_REQUIRED,
  needsReminderDays,
  REMINDER_CHANNELS,
  REMINDER_KIND_LABELS,
  TIME_INVALID,
  TIME_PATTERN,
  TIME_ZONE_INVALID,
  WEEKDAYS,
} from './reminders-values'
import { accountClosedSchema, adminCloseAccountBodySchema, closeAccountBodySchema, closureTermsSchema } from './account-closure'
import { patientDashboardSchema } from './patient-dashboard'
import { fhirClientBodySchema, fhirClientListSchema, fhirClientSchema } from './fhir-clients'
import {
  MILESTONE_WINDOWS,
  NO_PROCEDURE,
  ONBOARDING_STATES,
  PATIENT_ALERT_FILTERS,
  PATIENT_SEARCH_MAX_LENGTH,
  PATIENT_SORTS,
  PATIENTS_PAGE_SIZE,
  PATIENTS_PAGE_SIZE_MAX,
  SORT_DIRECTIONS,
} from './admin-patients-values'
import { ALERT_NOTE_MAX, ALERT_STATUSES, NOTE_REQUIRED } from './alerts-values'
import { PAGE_NUMBER_MAX } from './paging-values'
import { SURGERY_TYPES } from './profile-values'
import { exportTableSchema, reportSummarySchema } from './reports'
import { EXPORT_MODES, SURGERY_BANDS } from './reports-values'
import {
  anyField,
  booleanField,
  choiceField,
  countField,
  dateField,
  digitsField,
  fields,
  listField,
  numberField,
  optionalBooleanField,
  optionalCheckedText,
  optionalListField,
  textField,
  timeField,
  wholeNumberField,
} from './request-fields'
import {
  specAdminProfileSchema,
  specCustomerProfileSchema,
  specEmailAnswerSchema,
  specRefreshSchema,
  specTokenPairSchema,
  specUnreadSchema,
} from './spec'

// ---- What an endpoint is -------------------------------------------------------------------

/**
 * Who may call: no token; a patient's token; any admin's; a Super Admin's only. `enrolling` opens
 * an admin endpoint to an admin who must still set up two-factor sign-in (ADMIN_MFA).
 */
export type Access = 'public' | 'customer' | 'admin' | 'super_admin'
export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'
type Schema = z.ZodTypeAny

export interface Endpoint {
  readonly method: EndpointMethod
  /** Relative to the base URL, no leading slash, trailing slash as documented; `:name` is a parameter. */
  readonly path: string
  readonly access: Access
  readonly enrolling?: boolean
  /** Reads the path's parameters (texts); a path whose parameters it refuses is not found (404). */
  readonly params?: Schema
  readonly query?: Schema
  /** The JSON body; an endpoint without one reads none. */
  readonly body?: Schema
  /** Our API's level of `content` on success. */
  readonly answer: Schema
  /** The SPEC level, for SPEC.md §7 calls: what the app reads their answers with. */
  readonly spec?: Schema
}

/** Declares an endpoint, keeping its literal path and its own schema types. */
export function endpoint<const E extends Endpoint>(declared: E): E {
  return declared
}

/** The parameter names of a path: `v1/admin/patients/:id/` has `id`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never

type SchemaOf<E, K extends 'params' | 'query' | 'body'> = E extends { readonly [key in K]: infer S extends Schema } ? S : never

/** The path parameters as a handler receives them. */
export type ParamsOf<E extends Endpoint> = [SchemaOf<E, 'params'>] extends [never]
  ? Record<PathParamNames<E['path']>, string>
  : z.output<SchemaOf<E, 'params'>>
export type QueryOf<E extends Endpoint> = [SchemaOf<E, 'query'>] extends [never] ? undefined : z.output<SchemaOf<E, 'query'>>
export type BodyOf<E extends Endpoint> = [SchemaOf<E, 'body'>] extends [never] ? undefined : z.output<SchemaOf<E, 'body'>>

/** What a caller passes: the parameters to fill in, the query and the body it sends. */
export type EndpointInput<E extends Endpoint> = ([PathParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<E['path']>, string | number> }) &
  ([SchemaOf<E, 'query'>] extends [never]
    ? { query?: Record<string, string | undefined> }
    : { query: z.input<SchemaOf<E, 'query'>> }) &
  ([SchemaOf<E, 'body'>] extends [never] ? { body?: unknown } : { body: z.input<SchemaOf<E, 'body'>> })

/** `content` as the API sends it. */
export type AnswerOf<E extends Endpoint> = z.input<E['answer']>
/** `content` as the app reads it: the SPEC level where there is one. */
export type ReadAnswerOf<E extends Endpoint> = E extends { readonly spec: infer S extends Schema }
  ? z.output<S>
  : z.output<E['answer']>

/** The schema the app reads an endpoint's answer with. */
export function readSchemaOf<E extends Endpoint>(endpoint: E): Schema {
  return endpoint.spec ?? endpoint.answer
}

/** The path with its parameters filled in (each URL-encoded). */
export function pathOf(endpoint: Endpoint, params: Record<string, string | number> | undefined): string {
  return endpoint.path.replace(/:([a-z_]+)\//g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined) throw new Error(`${endpoint.method} ${endpoint.path}: no value for :${name}`)
    return `${encodeURIComponent(String(value))}/`
  })
}

/**
 * The parameters of `path` when it has the shape of `pattern` (a table path), as texts; null when
 * it does not. A parameter is one non-empty path segment.
 */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/')
  const got = path.split('/')
  if (want.length !== got.length) return null
  const params: Record<string, string> = {}
  for (let index = 0; index < want.length; index++) {
    const segment = want[index]
    if (segment.startsWith(':')) {
      if (got[index] === '') return null
      params[segment.slice(1)] = got[index]
    } else if (segment !== got[index]) return null
  }
  return params
}

// ---- Shared pieces -------------------------------------------------------------------------

/** A row id in a path: digits, at most 15 (beyond that no row has it). */
const rowId = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number)
const idParams = z.object({ id: rowId })

// ---- Reminders -----------------------------------------------------------------------------

const reminderKindField = (kind: keyof typeof REMINDER_KIND_LABELS) =>
  optionalBooleanField({ label: REMINDER_KIND_LABELS[kind] })

/** PUT v1/auth/reminders/: every field optional, an absent one keeps its saved value. */
const reminderSettingsBody = fields({
  weigh_in: reminderKindField('weigh_in'),
  protein: reminderKindField('protein'),
  water: reminderKindField('water'),
  vitamins: reminderKindField('vitamins'),
  follow_up: reminderKindField('follow_up'),
  time: optionalCheckedText(TIME_INVALID, (time) => (TIME_PATTERN.test(time) ? time : null)),
  days: optionalListField(WEEKDAYS, { label: 'Days' }),
  time_zone: optionalCheckedText(TIME_ZONE_INVALID, canonicalTimeZone),
  channel: choiceField(REMINDER_CHANNELS, { label: 'Channel' }),
}).superRefine((body, ctx) => {
  // What the body alone settles; a saved kind that needs days is the handler's to check.
  if (body.days?.length === 0 && needsReminderDays(body)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['days'], message: DAYS_REQUIRED })
  }
})

/** The unsubscribe link's token: checked by the API itself (any fault is the one 400). */
const unsubscribeToken = z.unknown().transform((token) => (typeof token === 'string' ? token.trim() : ''))

const reminders = {
  get: endpoint({ method: 'GET', path: 'v1/auth/reminders/', access: 'customer', answer: reminderSettingsSchema }),
  put: endpoint({
    method: 'PUT',
    path: 'v1/auth/reminders/',
    access: 'customer',
    body: reminderSettingsBody,
    answer: reminderSettingsSchema,
  }),
  checkUnsubscribe: endpoint({
    method: 'GET',
    path: 'v1/reminders/unsubscribe/',
    access: 'public',
    query: z.object({ token: unsubscribeToken }) as z.ZodType<{ token: string }, z.ZodTypeDef, { token: string }>,
    answer: unsubscribeSchema,
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: 'v1/reminders/unsubscribe/',
    access: 'public',
    body: z.object({ token: unsubscribeToken }) as z.ZodType<{ token: string }, z.ZodTypeDef, { token: string }>,
    answer: unsubscribeSchema,
  }),
}

// ---- Connected devices ---------------------------------------------------------------------

const REDIRECT_MAX = 500

const serviceField = textField({
  label: 'Service',
  required: 'Service is required',
  max: 50,
  then: { message: 'Unknown service', read: (key) => ((DEVICE_SERVICE_KEYS as readonly string[]).includes(key) ? key : null) },
})

const redirectUriField = textField({
  label: 'Redirect URI',
  required: 'Redirect URI is required',
  max: REDIRECT_MAX,
  then: {
    message: 'Redirect URI must be an absolute http(s) URL',
    read: (text) => {
      try {
        const url = new URL(text)
        return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null
      } catch {
        return null
      }
    },
  },
})

/** The patient's date (`YYYY-MM-DD`): the sync reads it leniently (provider/devices-run.ts). */
const patientToday = anyField as z.ZodType<unknown, z.ZodTypeDef, string | undefined>

const devices = {
  list: endpoint({ method: 'GET', path: 'v1/auth/devices/', access: 'customer', answer: deviceListSchema }),
  connect: endpoint({
    method: 'POST',
    path: 'v1/auth/devices/connect/',
    access: 'customer',
    body: fields({ service: serviceField, redirect_uri: redirectUriField }),
    answer: connectStartSchema,
  }),
  complete: endpoint({
    method: 'POST',
    path: 'v1/auth/devices/complete/',
    access: 'customer',
    body: fields({
      service: serviceField,
      code: textField({ label: 'Code', required: 'Code is required', max: 200 }),
      state: textField({ label: 'State', required: 'State is required', max: 200 }),
      today: patientToday,
    }),
    answer: syncedSchema,
  }),
  sync: endpoint({
    method: 'POST',
    path: 'v1/auth/devices/sync/',
    access: 'customer',
    body: fields({ service: serviceField, today: patientToday }),
    answer: syncedSchema,
  }),
  disconnect: endpoint({
    method: 'POST',
    path: 'v1/auth/devices/disconnect/',
    access: 'customer',
    body: fields({
      service: serviceField,
      delete_imported: booleanField({
        label: 'Delete imported',
        required: 'Choose whether to keep or delete the imported data',
        fallback: false,
      }),
    }),
    answer: disconnectedSchema,
  }),
  /** Withings' notification as the app forwards it; read leniently (any fault is answered alike). */
  withingsNotify: endpoint({
    method: 'POST',
    path: 'v1/devices/withings/notify/',
    access: 'public',
    body: fields({ userid: anyField, appli: anyField }) as z.ZodType<
      { userid: unknown; appli: unknown },
      z.ZodTypeDef,
      { userid: string | number; appli: number; startdate?: number; enddate?: number }
    >,
    answer: withingsNotifySchema,
  }),
}

// ---- Trends --------------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000

const trendsQuery = fields({
  to: dateField({ label: 'To date', required: 'To date is required' }),
  from: dateField({ label: 'From date' }),
}).superRefine((query, ctx) => {
  const { to, from } = query
  if (!to || !from) return
  if (to < from) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['to'], message: 'To date must be on or after the from date' })
  else if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > TRENDS_RANGE_MAX_DAYS) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['to'], message: `A range can cover at most ${TRENDS_RANGE_MAX_DAYS} days` })
  }
})

const trends = {
  get: endpoint({ method: 'GET', path: 'v1/auth/trends/', access: 'customer', query: trendsQuery, answer: trendEntriesSchema }),
  /** What the charts draw, compact: the trends page's call (the CSV keeps the full entries). */
  readings: endpoint({ method: 'GET', path: 'v1/auth/trends/readings/', access: 'customer', query: trendsQuery, answer: trendReadingsSchema }),
}

// ---- The patient's dashboard in one call ----------------------------------------------------

/** The patient's today: the two days read are it and the day before. */
const dashboardQuery = fields({
  today: dateField({ label: 'Today', required: 'Today is required' }),
})

const dashboard = {
  get: endpoint({
    method: 'GET',
    path: 'v1/auth/dashboard/',
    access: 'customer',
    query: dashboardQuery,
    answer: patientDashboardSchema,
  }),
}

// ---- Health log ----------------------------------------------------------------------------

const entryDate = dateField({ label: 'Date', required: 'Date is required', notFuture: true })
const NOTE_MAX = ENTRY_LIMITS.text

/** What an entry of each kind holds, in the contract's units (kg, ml, g, h): POST and PUT alike. */
const entryBodies = {
  weight: fields({
    date: entryDate,
    weight: numberField({ label: 'Weight', required: 'Weight is required', ...ENTRY_LIMITS.weightKg }),
    weight_unit: choiceField(WEIGHT_UNITS, { label: 'Weight unit', fallback: 'kg' }),
    note: textField({ label: 'Note', max: NOTE_MAX }),
    source: textField({ label: 'Source', max: ENTRY_LIMITS.source }).transform((source) => source || MANUAL_SOURCE),
  }),
  sleep: fields({
    date: entryDate,
    hours: numberField({ label: 'Hours of sleep', required: 'Hours of sleep is required', ...ENTRY_LIMITS.sleepHours }),
    quality: wholeNumberField({
      required: 'Sleep quality is required',
      invalid: 'Sleep quality must be a whole number from 1 to 5',
      ...ENTRY_LIMITS.quality,
    }),
    bed_time: timeField({ label: 'Bedtime' }),
    wake_time: timeField({ label: 'Wake time' }),
  }),
  meal: fields({
    date: entryDate,
    time: timeField({ label: 'Time', required: 'Time is required' }),
    meal_type: choiceField(MEAL_TYPES, { label: 'Meal type', required: 'Meal type is required' }),
    protein_g: numberField({ label: 'Protein', required: 'Protein is required', ...ENTRY_LIMITS.proteinG }),
    calories: numberField({ label: 'Calories', ...ENTRY_LIMITS.calories }),
    description: textField({ label: 'Description', max: NOTE_MAX }),
  }),
  water: fields({
    date: entryDate,
    ml: numberField({ label: 'Water', required: 'Water is required', ...ENTRY_LIMITS.waterMl }),
  }),
  vitamins: fields({
    date: entryDate,
    // In the checklist's order, whatever order they were sent in.
    taken: listField(VITAMINS, { label: 'Vitamins taken', required: 'Vitamins taken is required' }),
  }),
}

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD, both required, from ≤ to, at most a year apart. */
const entriesRangeQuery = fields({
  from: dateField({ label: 'From date', required: 'From date is required' }),
  to: dateField({ label: 'To date', required: 'To date is required' }),
}).superRefine((query, ctx) => {
  const { from, to } = query
  if (!from || !to) return
  if (to < from) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['to'], message: 'To date must be on or after the from date' })
  else if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > ENTRIES_RANGE_MAX_DAYS) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['to'], message: `A range can cover at most ${ENTRIES_RANGE_MAX_DAYS} days` })
  }
})

const entryIdParams = z.object({ id: rowId })

/** The five endpoints of one kind: its list and new entry, and one entry by id. */
function kindEndpoints<const K extends EntryKind, B extends z.ZodTypeAny, A extends z.ZodTypeAny>(kind: K, body: B, answer: A) {
  const list = `v1/auth/entries/${kind}/` as const
  const item = `v1/auth/entries/${kind}/:id/` as const
  return {
    list: endpoint({ method: 'GET', path: list, access: 'customer', query: entriesRangeQuery, answer: z.array(answer) }),
    create: endpoint({ method: 'POST', path: list, access: 'customer', body, answer }),
    get: endpoint({ method: 'GET', path: item, access: 'customer', params: entryIdParams, answer }),
    update: endpoint({ method: 'PUT', path: item, access: 'customer', params: entryIdParams, body, answer }),
    remove: endpoint({ method: 'DELETE', path: item, access: 'customer', params: entryIdParams, answer: entryDeletedSchema }),
  }
}

const entries = {
  range: endpoint({ method: 'GET', path: 'v1/auth/entries/', access: 'customer', query: entriesRangeQuery, answer: entriesRangeSchema }),
  weight: kindEndpoints('weight', entryBodies.weight, ENTRY_SCHEMAS.weight),
  sleep: kindEndpoints('sleep', entryBodies.sleep, ENTRY_SCHEMAS.sleep),
  meal: kindEndpoints('meal', entryBodies.meal, ENTRY_SCHEMAS.meal),
  water: kindEndpoints('water', entryBodies.water, ENTRY_SCHEMAS.water),
  vitamins: kindEndpoints('vitamins', entryBodies.vitamins, ENTRY_SCHEMAS.vitamins),
}

// ---- Customer accounts and profile (SPEC.md §7) ----------------------------------------------

const auth = {
  signUp: endpoint({
    method: 'POST',
    path: 'v1/auth/signup/',
    access: 'public',
    body: signUpBodySchema,
    answer: emailAnswerSchema,
    spec: specEmailAnswerSchema,
  }),
  verifyEmail: endpoint({
    method: 'GET',
    path: 'v1/auth/verify-email-token/',
    access: 'public',
    query: verifyEmailQuerySchema,
    answer: emailAnswerSchema,
    spec: specEmailAnswerSchema,
  }),
  resendVerification: endpoint({
    method: 'POST',
    path: 'v1/auth/resend-verify-email/',
    access: 'public',
    body: resendVerificationBodySchema,
    answer: resendVerificationAnswerSchema,
    spec: specUnreadSchema,
  }),
  login: endpoint({
    method: 'POST',
    path: 'v1/auth/login/',
    access: 'public',
    body: credentialsBodySchema,
    answer: tokenPairSchema,
    spec: specTokenPairSchema,
  }),
  refresh: endpoint({
    method: 'POST',
    path: 'v1/auth/token/refresh/',
    access: 'public',
    body: refreshBodySchema,
    answer: refreshAnswerSchema,
    spec: specRefreshSchema,
  }),
  /** Either portal; the bearer token, if any, names the session it ends. */
  logout: endpoint({ method: 'POST', path: 'v1/auth/logout/', access: 'public', body: logoutBodySchema, answer: logoutAnswerSchema }),
  forgotPassword: endpoint({
    method: 'POST',
    path: 'v1/auth/forgot_password/',
    access: 'public',
    body: forgotPasswordBodySchema,
    answer: forgotPasswordAnswerSchema,
    spec: specUnreadSchema,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: 'v1/auth/reset_password/submit/',
    access: 'public',
    body: resetPasswordBodySchema,
    answer: resetPasswordAnswerSchema,
    spec: specUnreadSchema,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: 'v1/auth/change_password/',
    access: 'customer',
    body: changePasswordBodySchema,
    answer: tokenPairSchema,
  }),
}

const profile = {
  get: endpoint({ method: 'GET', path: 'v1/auth/profile/', access: 'customer', answer: customerProfileSchema, spec: specCustomerProfileSchema }),
  personal: endpoint({ method: 'PUT', path: 'v1/auth/profile/personal/', access: 'customer', body: personalBody, answer: personalAnswerSchema, spec: specUnreadSchema }),
  medical: endpoint({ method: 'PUT', path: 'v1/auth/profile/medical/', access: 'customer', body: medicalBody, answer: medicalSectionSchema, spec: specUnreadSchema }),
  bariatric: endpoint({
    method: 'PUT',
    path: 'v1/auth/profile/bariatric/',
    access: 'customer',
    body: bariatricBody,
    answer: bariatricSectionSchema,
    spec: specUnreadSchema,
  }),
  device: endpoint({ method: 'PUT', path: 'v1/auth/profile/device/', access: 'customer', body: deviceBody, answer: deviceSectionSchema, spec: specUnreadSchema }),
  preferences: endpoint({ method: 'PUT', path: 'v1/auth/profile/preferences/', access: 'customer', body: preferencesBody, answer: preferencesSchema }),
  tourCompleted: endpoint({
    method: 'POST',
    path: 'v1/auth/tour-completed/',
    access: 'customer',
    answer: tourCompletedAnswerSchema,
    spec: specUnreadSchema,
  }),
}

// ---- Admin sign-in, profile and two-factor ---------------------------------------------------

const admin = {
  login: endpoint({
    method: 'POST',
    path: 'v1/admin/login/',
    access: 'public',
    body: credentialsBodySchema,
    answer: adminLoginSchema,
    spec: specAdminLoginSchema,
  }),
  loginCode: endpoint({ method: 'POST', path: 'v1/admin/login/mfa/', access: 'public', body: mfaLoginBodySchema, answer: adminSessionSchema }),
  refresh: endpoint({
    method: 'POST',
    path: 'v1/admin/token/refresh/',
    access: 'public',
    body: refreshBodySchema,
    answer: refreshAnswerSchema,
    spec: specRefreshSchema,
  }),
  profile: endpoint({
    method: 'GET',
    path: 'v1/admin/profile/',
    access: 'admin',
    enrolling: true,
    answer: adminUserSchema,
    spec: specAdminProfileSchema,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: 'v1/admin/change_password/',
    access: 'admin',
    body: changePasswordBodySchema,
    answer: tokenPairSchema,
  }),
  mfa: endpoint({ method: 'GET', path: 'v1/admin/mfa/', access: 'admin', enrolling: true, answer: mfaStatusSchema }),
  mfaSetup: endpoint({ method: 'POST', path: 'v1/admin/mfa/setup/', access: 'admin', enrolling: true, answer: mfaSetupSchema }),
  mfaConfirm: endpoint({
    method: 'POST',
    path: 'v1/admin/mfa/confirm/',
    access: 'admin',
    enrolling: true,
    body: mfaCodeBodySchema,
    answer: mfaConfirmSchema,
  }),
}

// ---- Admin: patients, alerts, users, audit, reports ------------------------------------------

/** "No surgery recorded" (planning, not having one, or no profile yet) beside the procedures. */
export const PATIENT_PROCEDURES = [...SURGERY_TYPES, NO_PROCEDURE] as const

/** GET v1/admin/patients/: every problem reported at once, by parameter. */
const patientListQuery = fields({
  q: textField({ label: 'Search', max: PATIENT_SEARCH_MAX_LENGTH }),
  procedure: choiceField(PATIENT_PROCEDURES, { label: 'Procedure' }),
  onboarding: choiceField(ONBOARDING_STATES, { label: 'Onboarding' }),
  milestone: choiceField(MILESTONE_WINDOWS, { label: 'Milestone window' }).transform((days) => Number(days) || null),
  alert: choiceField(PATIENT_ALERT_FILTERS, { label: 'Alert' }),
  sort: choiceField(PATIENT_SORTS, { label: 'Sort', fallback: 'name' }),
  dir: choiceField(SORT_DIRECTIONS, { label: 'Direction', fallback: 'asc' }),
  page: countField({ label: 'Page', min: 1, max: PAGE_NUMBER_MAX, digits: 9, fallback: 1 }),
  page_size: countField({ label: 'Page size', min: 1, max: PATIENTS_PAGE_SIZE_MAX, digits: 9, fallback: PATIENTS_PAGE_SIZE }),
})

/**
 * A record's `?include=entries&to&from`: the health log in the same answer, read by the trends
 * rules; without `include=entries`, `to` and `from` are not read at all.
 */
const recordQuery = fields({ include: anyField, to: anyField, from: anyField }).transform((query, ctx) => {
  if (query.include !== 'entries') return { include: null }
  const range = trendsQuery.safeParse(query)
  if (!range.success) {
    for (const issue of range.error.issues) ctx.addIssue(issue)
    return z.NEVER
  }
  return { include: 'entries' as const, ...range.data }
}) as z.ZodType<
  { include: null } | { include: 'entries'; to: string; from: string | null },
  z.ZodTypeDef,
  { include?: 'entries'; to?: string; from?: string }
>

const ALERTS_MAX_LIMIT = 500

/** GET v1/admin/alerts/ */
const alertsQuery = fields({
  status: choiceField(ALERT_STATUSES, { label: 'Status' }),
  patient: digitsField({ invalid: 'Patient must be a patient id' }),
  tier: choiceField(['1', '2', '3'] as const, { label: 'Tier' }).transform((tier) => (tier ? (Number(tier) as 1 | 2 | 3) : null)),
  limit: countField({ label: 'Limit', min: 1, max: ALERTS_MAX_LIMIT, fallback: 100 }),
})

const adminPatients = {
  dashboard: endpoint({ method: 'GET', path: 'v1/admin/dashboard/', access: 'admin', answer: dashboardSchema }),
  list: endpoint({ method: 'GET', path: 'v1/admin/patients/', access: 'admin', query: patientListQuery, answer: patientListSchema }),
  record: endpoint({
    method: 'GET',
    path: 'v1/admin/patients/:id/',
    access: 'admin',
    params: idParams,
    query: recordQuery,
    answer: patientRecordWithEntriesSchema,
  }),
  entries: endpoint({
    method: 'GET',
    path: 'v1/admin/patients/:id/entries/',
    access: 'admin',
    params: idParams,
    query: trendsQuery,
    answer: patientEntriesSchema,
  }),
  alerts: endpoint({ method: 'GET', path: 'v1/admin/alerts/', access: 'admin', query: alertsQuery, answer: alertListSchema }),
  acknowledge: endpoint({
    method: 'POST',
    path: 'v1/admin/alerts/:id/acknowledge/',
    access: 'admin',
    params: idParams,
    body: fields({ note: textField({ label: 'Note', required: NOTE_REQUIRED, max: ALERT_NOTE_MAX }) }),
    answer: alertSchema,
  }),
}

const adminUsers = {
  list: endpoint({ method: 'GET', path: 'v1/admin/admins/', access: 'super_admin', answer: adminListSchema }),
  invite: endpoint({
    method: 'POST',
    path: 'v1/admin/admins/invite/',
    access: 'super_admin',
    body: inviteBodySchema,
    answer: adminListItemSchema,
  }),
  role: endpoint({
    method: 'PUT',
    path: 'v1/admin/admins/:id/role/',
    access: 'super_admin',
    params: idParams,
    body: roleBodySchema,
    answer: adminListItemSchema,
  }),
  deactivate: endpoint({
    method: 'POST',
    path: 'v1/admin/admins/:id/deactivate/',
    access: 'super_admin',
    params: idParams,
    answer: adminListItemSchema,
  }),
  reactivate: endpoint({
    method: 'POST',
    path: 'v1/admin/admins/:id/reactivate/',
    access: 'super_admin',
    params: idParams,
    answer: adminListItemSchema,
  }),
  mfaReset: endpoint({
    method: 'POST',
    path: 'v1/admin/admins/:id/mfa/reset/',
    access: 'super_admin',
    params: idParams,
    answer: adminListItemSchema,
  }),
  auditEvents: endpoint({
    method: 'GET',
    path: 'v1/admin/audit-events/',
    access: 'super_admin',
    query: auditQuerySchema,
    answer: auditPageSchema,
  }),
}

/** The cohort filters of the summary and both exports (docs/provider-api.md "Cohort filters"). */
const cohortFilters = {
  surgery_from: dateField({ label: 'Surgery from date' }),
  surgery_to: dateField({ label: 'Surgery to date' }),
  procedure: choiceField(PATIENT_PROCEDURES, { label: 'Procedure' }),
  months_since_surgery: choiceField(SURGERY_BANDS, { label: 'Months since surgery' }),
  onboarding: choiceField(ONBOARDING_STATES, { label: 'Onboarding' }),
}

type Ranges = { surgery_from: string | null; surgery_to: string | null; from?: string | null; to?: string | null }

/** Each range's end on or after its start (the entries export's days logged too). */
function rangesInOrder(query: Ranges, ctx: z.RefinementCtx): void {
  if (query.surgery_from && query.surgery_to && query.surgery_to < query.surgery_from) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['surgery_to'], message: 'Surgery to date must be on or after the from date' })
  }
  if (query.from && query.to && query.to < query.from) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['to'], message: 'To date must be on or after the from date' })
  }
}

const exportMode = choiceField(EXPORT_MODES, { label: 'Mode', required: 'Mode is required' })

const reports = {
  summary: endpoint({
    method: 'GET',
    path: 'v1/admin/reports/summary/',
    access: 'admin',
    query: fields(cohortFilters).superRefine(rangesInOrder),
    answer: reportSummarySchema,
  }),
  /** Identified exports are a Super Admin's only: the API checks `mode` itself. */
  exportPatients: endpoint({
    method: 'GET',
    path: 'v1/admin/exports/patients/',
    access: 'admin',
    query: fields({ mode: exportMode, ...cohortFilters }).superRefine(rangesInOrder),
    answer: exportTableSchema,
  }),
  /** As the patients' export, with the days logged (`from`, `to`); patients are chosen by the cohort filters. */
  exportEntries: endpoint({
    method: 'GET',
    path: 'v1/admin/exports/entries/',
    access: 'admin',
    query: fields({
      mode: exportMode,
      ...cohortFilters,
      from: dateField({ label: 'From date' }),
      to: dateField({ label: 'To date' }),
    }).superRefine(rangesInOrder),
    answer: exportTableSchema,
  }),
}

// ---- Messages --------------------------------------------------------------------------------

const patientParams = z.object({ id: rowId })

const messages = {
  patientList: endpoint({
    method: 'GET',
    path: 'v1/auth/messages/',
    access: 'customer',
    query: messagePageQuerySchema,
    answer: patientConversationSchema,
  }),
  patientSend: endpoint({
    method: 'POST',
    path: 'v1/auth/messages/',
    access: 'customer',
    body: patientMessageBodySchema,
    answer: patientMessageSchema,
  }),
  patientRead: endpoint({
    method: 'POST',
    path: 'v1/auth/messages/read/',
    access: 'customer',
    body: readUpToBodySchema,
    answer: readMarkSchema,
  }),
  inbox: endpoint({ method: 'GET', path: 'v1/admin/messages/', access: 'admin', query: inboxQuerySchema, answer: inboxSchema }),
  teamList: endpoint({
    method: 'GET',
    path: 'v1/admin/patients/:id/messages/',
    access: 'admin',
    params: patientParams,
    query: messagePageQuerySchema,
    answer: teamConversationSchema,
  }),
  teamSend: endpoint({
    method: 'POST',
    path: 'v1/admin/patients/:id/messages/',
    access: 'admin',
    params: patientParams,
    body: newMessageBodySchema,
    answer: teamMessageSchema,
  }),
  teamRead: endpoint({
    method: 'POST',
    path: 'v1/admin/patients/:id/messages/read/',
    access: 'admin',
    params: patientParams,
    body: readUpToBodySchema,
    answer: readMarkSchema,
  }),
  handled: endpoint({
    method: 'POST',
    path: 'v1/admin/patients/:id/messages/handled/',
    access: 'admin',
    params: patientParams,
    answer: conversationSchema,
  }),
}

// ---- The patient's own data: the record download and closing the account -----------------------

/** A ZIP file, not the JSON envelope: nothing to read as `content` (docs/provider-api.md "Record export"). */
const zipFile = z.null()

const yourData = {
  recordExport: endpoint({ method: 'GET', path: 'v1/auth/record-export/', access: 'customer', answer: zipFile }),
  adminRecordExport: endpoint({
    method: 'GET',
    path: 'v1/admin/patients/:id/record-export/',
    access: 'admin',
    params: patientParams,
    answer: zipFile,
  }),
  closeTerms: endpoint({ method: 'GET', path: 'v1/auth/close-account/', access: 'customer', answer: closureTermsSchema }),
  close: endpoint({ method: 'POST', path: 'v1/auth/close-account/', access: 'customer', body: closeAccountBodySchema, answer: accountClosedSchema }),
  closeOnRequest: endpoint({
    method: 'POST',
    path: 'v1/admin/account-closures/',
    access: 'super_admin',
    body: adminCloseAccountBodySchema,
    answer: accountClosedSchema,
  }),
}

// ---- The FHIR API's client apps, registered by a Super Admin ----------------------------------

const fhirClients = {
  list: endpoint({ method: 'GET', path: 'v1/admin/fhir-clients/', access: 'super_admin', answer: fhirClientListSchema }),
  register: endpoint({
    method: 'POST',
    path: 'v1/admin/fhir-clients/',
    access: 'super_admin',
    body: fhirClientBodySchema,
    answer: fhirClientSchema,
  }),
  disable: endpoint({
    method: 'POST',
    path: 'v1/admin/fhir-clients/:id/disable/',
    access: 'super_admin',
    params: idParams,
    answer: fhirClientSchema,
  }),
}

/** The table, by area. */
export const API = {
  auth,
  profile,
  admin,
  reminders,
  devices,
  trends,
  dashboard,
  entries,
  adminPatients,
  adminUsers,
  reports,
  messages,
  yourData,
  fhirClients,
}

function isEndpoint(value: object): value is Endpoint {
  return 'method' in value && 'path' in value
}

/** The endpoints in a group of the table, however deep (the health log groups them by kind). */
function endpointsIn(group: object): Endpoint[] {
  return Object.values(group).flatMap((value: object) => (isEndpoint(value) ? [value] : endpointsIn(value)))
}

/** Every endpoint, once. */
export const ENDPOINTS: readonly Endpoint[] = endpointsIn(API)
