// Loader and action of the profile-setup wizard (/customer/profile-setup). The route module only
// wires these up. SPEC.md §2, §4, §7, §8; DESIGN.md §5.
import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from '@remix-run/node'
import type { SubmissionResult } from '@conform-to/react'
import type { z } from 'zod'
import type { CustomerContext } from '~/platform/guards.server'
import { HOME_PATH, PROFILE_SETUP_PATH } from '~/platform/portal'
import {
  bariatricDefaults,
  buildBariatricPayload,
  buildDevicePayload,
  buildMedicalPayload,
  buildPersonalPayload,
  deviceDefaults,
  medicalDefaults,
  personalDefaults,
} from '~/features/profile/payloads'
import {
  bariatricFormShape,
  bariatricSchema,
  deviceFormShape,
  deviceSchema,
  medicalFormShape,
  medicalSchema,
  personalFormShape,
  personalSchema,
} from '~/features/profile/schemas'
import { getProfile, saveBariatric, saveDevice, saveMedical, savePersonal } from '~/platform/provider-api.server'
import type { ProviderClient } from '~/platform/provider-client.server'
import { splitProviderErrors, type ProviderResult } from '~/platform/provider-errors'
import type { CustomerProfile, ProfileFlags } from '~/platform/provider-types'
import { updateCustomer, type AppSession, type CustomerSession } from '~/platform/session.server'
import { redirectWithToast } from '~/platform/toast.server'
import { TOASTS, VALIDATION } from '~/platform/messages'
import {
  highestReachableStep,
  nextStep,
  parseStep,
  resolveStep,
  stepHref,
  wizardStep,
  type StepNumber,
} from './wizard-steps'
import { readForm } from '~/platform/form-data.server'

// ---- Loader ------------------------------------------------------------------------------

const FLAG_KEYS = ['is_onboarded', 'profile_completed', 'medical_completed', 'bariatric_completed'] as const

/**
 * Copies the provider's flags into the session (the session's may be stale: another device may
 * have finished a step). True when something changed and the session needs committing.
 */
function syncSessionFlags(session: AppSession, customer: CustomerSession, profile: CustomerProfile): boolean {
  const patch: Partial<CustomerSession> = {}
  for (const key of FLAG_KEYS) {
    const fresh = profile.profile[key] === true
    if (customer[key] !== fresh) patch[key] = fresh
  }
  const fullName = profile.personal?.full_name
  if (fullName && fullName !== customer.full_name) patch.full_name = fullName
  if (Object.keys(patch).length === 0) return false
  updateCustomer(session, patch)
  return true
}

export async function loadProfileSetup(ctx: CustomerContext) {
  const { request, session, customer, api } = ctx
  const result = await getProfile(api)
  if (!result.ok) {
    return data(
      { status: 'load-failed' as const, title: TOASTS.profileLoadFailed.title, message: result.message },
      { status: result.kind === 'http' ? 502 : 503, headers: ctx.headers },
    )
  }
  const profile = result.content
  const headers = syncSessionFlags(session, customer, profile) ? await ctx.commit() : ctx.headers
  if (profile.profile.is_onboarded) throw redirect(HOME_PATH.customer, { headers })

  const { step, redirect: wrongStep } = resolveStep(new URL(request.url).searchParams.get('step'), profile.profile)
  if (wrongStep) throw redirect(stepHref(step), { headers })

  return data(
    {
      status: 'ok' as const,
      step,
      furthestStep: highestReachableStep(profile.profile),
      email: profile.profile.email ?? profile.personal?.email ?? '',
      defaults: {
        personal: personalDefaults(profile),
        medical: medicalDefaults(profile),
        bariatric: bariatricDefaults(profile),
        device: deviceDefaults(profile),
      },
    },
    { headers },
  )
}

// ---- Action ------------------------------------------------------------------------------

export type StepActionData = {
  step: StepNumber
  result: SubmissionResult<string[]>
  /** The form failed our own rules (not the provider's): show 'Please complete all required fields'. */
  incomplete: boolean
}

type StepHandler<S extends z.ZodTypeAny> = {
  schema: S
  /** The fields the step's form shows errors under. */
  fields: readonly string[]
  send: (api: ProviderClient, value: z.output<S>) => Promise<ProviderResult<unknown>>
  /** Provider field names that belong under another form field. */
  aliases?: Record<string, string>
}

function handler<S extends z.ZodTypeAny>(h: StepHandler<S>): StepHandler<S> {
  return h
}

const STEP_HANDLERS = {
  1: handler({ schema: personalSchema, fields: personalFormShape.keyof().options, send: (api, v) => savePersonal(api, buildPersonalPayload(v)) }),
  2: handler({ schema: medicalSchema, fields: medicalFormShape.keyof().options, send: (api, v) => saveMedical(api, buildMedicalPayload(v)) }),
  3: handler({
    schema: bariatricSchema,
    fields: bariatricFormShape.keyof().options,
    send: (api, v) => saveBariatric(api, buildBariatricPayload(v)),
    aliases: { pre_surgery_weight_unit: 'pre_surgery_weight', goal_weight_unit: 'goal_weight' },
  }),
  4: handler({
    schema: deviceSchema,
    fields: deviceFormShape.keyof().options,
    send: (api, v) => saveDevice(api, buildDevicePayload(v)),
    // The provider speaks of the two flags; the patient answered one question.
    aliases: { has_wearable: 'deviceNeeds', need_device_shipment: 'deviceNeeds' },
  }),
} as const


/** Validates and sends one step; a 4xx answer (our rules or the provider's) when it did not save. */
function saveStep(step: StepNumber, formData: FormData, api: ProviderClient) {
  switch (step) {
    case 1:
      return runStep(step, STEP_HANDLERS[1], formData, api)
    case 2:
      return runStep(step, STEP_HANDLERS[2], formData, api)
    case 3:
      return runStep(step, STEP_HANDLERS[3], formData, api)
    case 4:
      return runStep(step, STEP_HANDLERS[4], formData, api)
  }
}

async function runStep<S extends z.ZodTypeAny>(
  step: StepNumber,
  stepHandler: StepHandler<S>,
  formData: FormData,
  api: ProviderClient,
) {
  const submission = parseWithZod(formData, { schema: stepHandler.schema })
  if (submission.status !== 'success') {
    return data<StepActionData>({ step, result: submission.reply(), incomplete: true }, { status: 400, headers: api.headers })
  }
  const saved = await stepHandler.send(api, submission.value)
  if (saved.ok) return null
  const { fieldErrors, otherErrors } = splitProviderErrors(saved.fieldErrors, new Set(stepHandler.fields), stepHandler.aliases)
  return data<StepActionData>(
    {
      step,
      // The provider's message repeats its first field message; with the fields marked, the
      // notice at the top only needs to say where to look.
      result: submission.reply({
        fieldErrors,
        formErrors: [
          Object.keys(fieldErrors).length > 0 ? VALIDATION.formInvalidDescription : saved.message,
          ...otherErrors,
        ],
      }),
      incomplete: false,
    },
    { status: saved.kind === 'http' && saved.status < 500 ? saved.status : 502, headers: api.headers },
  )
}

function flagsAfterSave(step: StepNumber): Partial<ProfileFlags> {
  // The provider only accepts the device step once the others are saved, so all are done then.
  if (step === 4) return { profile_completed: true, medical_completed: true, bariatric_completed: true, is_onboarded: true }
  return { [wizardStep(step).flag]: true }
}

export async function saveProfileStep(ctx: CustomerContext) {
  const { request, session, customer, api } = ctx
  const formData = await readForm(request)
  const step = parseStep(String(formData.get('step') ?? ''))
  if (!step) throw redirect(PROFILE_SETUP_PATH)
  // The same rule as the URL: no saving a step beyond the first incomplete one.
  const furthest = highestReachableStep(customer)
  if (step > furthest) throw redirect(stepHref(furthest))

  const failure = await saveStep(step, formData, api)
  if (failure) return failure

  updateCustomer(session, flagsAfterSave(step))
  // One commit carries both a refreshed token (if any) and the new flags.
  const headers = await ctx.commit()
  const target = step === 4 ? HOME_PATH.customer : stepHref(nextStep(step))
  return redirectWithToast(target, wizardStep(step).toast, { headers })
}
