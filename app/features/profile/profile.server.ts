// The patient's profile page (/customer/profile): loads the onboarding data for its four tabs and
// saves the personal, medical, bariatric and preferences forms. Schemas, payloads and defaults are
// the wizard's own (schemas.ts, payloads.ts), so both screens send the same bodies.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { z } from 'zod'
import type { CustomerContext } from '~/platform/guards.server'
import { TOASTS, VALIDATION } from '~/platform/messages'
import { loadPatientProfile } from '~/features/shell/patient-app.server'
import { loadConnectionSummary } from '~/features/devices/devices.server'
import { parseProfileTab, profileTabHref, type ProfileTab } from '~/platform/profile-tabs'
import {
  bariatricDefaults,
  buildBariatricPayload,
  buildMedicalPayload,
  buildPersonalPayload,
  medicalDefaults,
  personalDefaults,
  preferredUnits,
  type PersonalPayload,
} from './payloads'
import {
  bariatricFormShape,
  bariatricSchema,
  medicalFormShape,
  medicalSchema,
  personalFormShape,
  personalSchema,
} from './schemas'
import { getReminders, saveReminders } from '~/features/reminders/reminders-api.server'
import { getProfile, saveBariatric, saveMedical, savePersonal } from '~/platform/provider-api.server'
import { reminderBody, REMINDER_KINDS } from '~/features/reminders/reminders'
import type { ProviderClient } from '~/platform/provider-client.server'
import { splitProviderErrors, type ProviderResult } from '~/platform/provider-errors'
import type { CustomerProfile } from '~/platform/provider-types'
import { updateCustomer } from '~/platform/session.server'
import { redirectWithToast } from '~/platform/toast.server'
import { dailyTargets } from '~/../common/daily-targets'
import { HEIGHT_UNITS, WEIGHT_UNITS } from '~/platform/units'
import { readForm } from '~/platform/form-data.server'

export const PROFILE_INTENTS = ['personal', 'medical', 'bariatric', 'preferences', 'reminders'] as const
export type ProfileIntent = (typeof PROFILE_INTENTS)[number]

/** The device answer from onboarding, as the Connected tab shows it. */
export type DeviceAnswer =
  | { kind: 'missing' }
  | { kind: 'have-device'; wearableType: string | null; os: string | null }
  | { kind: 'need-device'; os: string | null }

function deviceAnswer(profile: CustomerProfile): DeviceAnswer {
  const device = profile.device_information
  if (!device) return { kind: 'missing' }
  const os = device.wearable_os === 'ios' ? 'iOS' : device.wearable_os === 'android' ? 'Android' : null
  const wearableType = device.wearable_type?.trim() || null
  if (!wearableType && (device.need_device_shipment || !device.has_wearable)) return { kind: 'need-device', os }
  return { kind: 'have-device', wearableType, os }
}

/** The page's data; the caller answers with `ctx.headers`. */
export async function loadPatientProfilePage(ctx: CustomerContext) {
  const tab = parseProfileTab(new URL(ctx.request.url).searchParams.get('tab'))
  const [result, reminders] = await Promise.all([
    loadPatientProfile(ctx),
    tab === 'preferences' ? getReminders(ctx.api) : Promise.resolve(null),
  ])
  if (!result.ok) return { status: 'load-failed' as const, tab, message: result.failure.message }
  const { profile } = result
  return {
    status: 'ok' as const,
    tab,
    email: profile.profile?.email ?? profile.personal?.email ?? '',
    defaults: {
      personal: personalDefaults(profile),
      medical: medicalDefaults(profile),
      bariatric: bariatricDefaults(profile),
    },
    units: preferredUnits(profile),
    // Shown on the Preferences tab (the dashboard's 'Daily targets' link lands there).
    // A provider without the health log sends no targets: none are shown rather than our defaults.
    targets: hasTargets(profile.preferences) ? dailyTargets(profile.preferences) : null,
    device: deviceAnswer(profile),
    // The Reminders form on the Preferences tab (read only there).
    reminders: reminders && (reminders.ok ? { settings: reminders.content, error: null } : { settings: null, error: reminders.message }),
    timeZones: tab === 'preferences' ? timeZoneOptions() : [],
  }
}

function hasTargets(preferences: CustomerProfile['preferences']): boolean {
  if (!preferences) return false
  const { protein_target_g, water_target_ml, sleep_target_h } = preferences as Record<string, unknown>
  return [protein_target_g, water_target_ml, sleep_target_h].some((value) => typeof value === 'number')
}

/** Every IANA zone this server knows, UTC first: the list the Reminders form offers. */
function timeZoneOptions(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')]
}

/** The Reminders form; the API checks every field and its messages show under them. */
async function saveReminderForm(formData: FormData, api: ProviderClient) {
  const saved = await saveReminders(api, reminderBody(formData))
  if (saved.ok) return null
  const fields = new Set<string>([...REMINDER_KINDS, 'time', 'days', 'time_zone'])
  const { fieldErrors, otherErrors } = splitProviderErrors(saved.fieldErrors, fields)
  const formErrors = [Object.keys(fieldErrors).length > 0 ? VALIDATION.formInvalidDescription : saved.message, ...otherErrors]
  const status = saved.kind === 'http' && saved.status < 500 ? saved.status : 502
  const result: SubmissionResult<string[]> = { status: 'error', error: { ...fieldErrors, '': formErrors } }
  return data<ProfileActionData>({ intent: 'reminders', result, incomplete: false }, { status, headers: api.headers })
}

export type ProfileActionData = {
  intent: ProfileIntent
  result: SubmissionResult<string[]>
  /** Our own rules failed (not the provider's): 'Please complete all required fields'. */
  incomplete: boolean
}

type Saver<S extends z.ZodTypeAny> = {
  schema: S
  fields: readonly string[]
  send: (api: ProviderClient, value: z.output<S>) => Promise<ProviderResult<unknown>>
  aliases?: Record<string, string>
}

async function runSave<S extends z.ZodTypeAny>(
  intent: ProfileIntent,
  saver: Saver<S>,
  formData: FormData,
  api: ProviderClient,
): Promise<{ failure: ReturnType<typeof data<ProfileActionData>> } | { value: z.output<S> }> {
  const submission = parseWithZod(formData, { schema: saver.schema })
  if (submission.status !== 'success') {
    return { failure: data<ProfileActionData>({ intent, result: submission.reply(), incomplete: true }, { status: 400, headers: api.headers }) }
  }
  const saved = await saver.send(api, submission.value)
  if (saved.ok) return { value: submission.value }
  const { fieldErrors, otherErrors } = splitProviderErrors(saved.fieldErrors, new Set(saver.fields), saver.aliases)
  const formErrors = [Object.keys(fieldErrors).length > 0 ? VALIDATION.formInvalidDescription : saved.message, ...otherErrors]
  const status = saved.kind === 'http' && saved.status < 500 ? saved.status : 502
  return {
    failure: data<ProfileActionData>(
      { intent, result: submission.reply({ fieldErrors, formErrors }), incomplete: false },
      { status, headers: api.headers },
    ),
  }
}

const preferencesSchema = z.object({
  height_unit: z.enum(HEIGHT_UNITS, { message: 'Choose a height unit' }),
  weight_unit: z.enum(WEIGHT_UNITS, { message: 'Choose a weight unit' }),
})

/**
 * SPEC.md §7 has no preferences call: the units travel with the personal details, so the stored
 * personal section (already cm and kg) goes back with the new units.
 */
async function savePreferences(api: ProviderClient, units: z.output<typeof preferencesSchema>) {
  const current = await getProfile(api)
  if (!current.ok) return current
  const personal = current.content.personal
  if (!personal || personal.height === null || personal.initial_weight === null) {
    return { ok: false as const, status: 409, kind: 'http' as const, fieldErrors: {}, message: 'Complete your personal details first.' }
  }
  const payload: PersonalPayload = {
    date_of_birth: personal.date_of_birth,
    full_name: personal.full_name,
    gender: personal.gender as PersonalPayload['gender'],
    phone_number: personal.phone_number,
    height: personal.height,
    height_unit: units.height_unit,
    initial_weight: personal.initial_weight,
    weight_unit: units.weight_unit,
    address_line1: personal.address_line1,
    address_line2: personal.address_line2 ?? '',
    city: personal.city,
    state: personal.state,
    postal_code: personal.postal_code,
  }
  return savePersonal(api, payload)
}

const SAVERS = {
  personal: { schema: personalSchema, fields: personalFormShape.keyof().options, send: (api, v) => savePersonal(api, buildPersonalPayload(v)) } satisfies Saver<typeof personalSchema>,
  medical: { schema: medicalSchema, fields: medicalFormShape.keyof().options, send: (api, v) => saveMedical(api, buildMedicalPayload(v)) } satisfies Saver<typeof medicalSchema>,
  bariatric: {
    schema: bariatricSchema,
    fields: bariatricFormShape.keyof().options,
    send: (api, v) => saveBariatric(api, buildBariatricPayload(v)),
    aliases: { pre_surgery_weight_unit: 'pre_surgery_weight', goal_weight_unit: 'goal_weight' },
  } satisfies Saver<typeof bariatricSchema>,
  preferences: { schema: preferencesSchema, fields: ['height_unit', 'weight_unit'], send: savePreferences } satisfies Saver<typeof preferencesSchema>,
}

const SUCCESS: Record<ProfileIntent, { toast: { title: string }; tab: ProfileTab }> = {
  personal: { toast: TOASTS.profileUpdated, tab: 'personal' },
  medical: { toast: TOASTS.medicalUpdated, tab: 'medical' },
  bariatric: { toast: TOASTS.bariatricUpdated, tab: 'medical' },
  preferences: { toast: TOASTS.profileUpdated, tab: 'preferences' },
  reminders: { toast: TOASTS.remindersUpdated, tab: 'preferences' },
}

/** The profile route's loader: the page, and on the Connected tab the health-data connections. */
export async function loadProfileRoute(ctx: CustomerContext) {
  // The Connected tab also shows the health-data connections (connected devices, extension).
  const connectedTab = parseProfileTab(new URL(ctx.request.url).searchParams.get('tab')) === 'connected'
  const [page, connections] = await Promise.all([
    loadPatientProfilePage(ctx),
    connectedTab ? loadConnectionSummary(ctx) : Promise.resolve(null),
  ])
  return data({ ...page, connections }, { headers: ctx.headers })
}

export async function savePatientProfile(ctx: CustomerContext) {
  const { request, session, api } = ctx
  const formData = await readForm(request)
  const intent = PROFILE_INTENTS.find((i) => i === formData.get('intent'))
  if (!intent) throw new Response('Unknown form', { status: 400 })

  let outcome
  switch (intent) {
    case 'personal':
      outcome = await runSave(intent, SAVERS.personal, formData, api)
      if ('value' in outcome) updateCustomer(session, { full_name: outcome.value.full_name })
      break
    case 'medical':
      outcome = await runSave(intent, SAVERS.medical, formData, api)
      break
    case 'bariatric':
      outcome = await runSave(intent, SAVERS.bariatric, formData, api)
      break
    case 'preferences':
      outcome = await runSave(intent, SAVERS.preferences, formData, api)
      break
    case 'reminders': {
      const failure = await saveReminderForm(formData, api)
      outcome = failure ? { failure } : { value: null }
      break
    }
  }
  if ('failure' in outcome) return outcome.failure
  const { toast, tab } = SUCCESS[intent]
  return redirectWithToast(profileTabHref(tab), toast, { headers: await ctx.commit() })
}
