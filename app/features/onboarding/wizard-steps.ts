// The profile-setup wizard's steps (SPEC.md §2, §4): titles, which flag each save sets, where a
// patient starts and how far the URL may take them.
import { TOASTS } from '~/platform/messages'
import type { ProfileFlags } from '~/platform/provider-types'

export const TOTAL_STEPS = 4
export const STEP_NUMBERS = [1, 2, 3, 4] as const
export type StepNumber = (typeof STEP_NUMBERS)[number]

export type StepKey = 'personal' | 'medical' | 'bariatric' | 'device'

export type WizardStep = {
  number: StepNumber
  key: StepKey
  title: string
  description: string
  /** The session flag a successful save of this step sets. */
  flag: keyof ProfileFlags
  toast: { title: string }
}

export const WIZARD_STEPS: readonly WizardStep[] = [
  {
    number: 1,
    key: 'personal',
    title: 'Personal Details',
    description: 'Tell us about yourself so your care team knows who you are.',
    flag: 'profile_completed',
    toast: TOASTS.profileUpdated,
  },
  {
    number: 2,
    key: 'medical',
    title: 'Medical History',
    description: 'Your health background helps your care team tailor your plan.',
    flag: 'medical_completed',
    toast: TOASTS.medicalUpdated,
  },
  {
    number: 3,
    key: 'bariatric',
    title: 'Bariatric Surgery',
    description: 'Tell us about any weight-loss surgery you have had or are planning.',
    flag: 'bariatric_completed',
    toast: TOASTS.bariatricUpdated,
  },
  {
    number: 4,
    key: 'device',
    title: 'Device Information',
    description: 'Tell us how you will track your health data.',
    flag: 'is_onboarded',
    toast: TOASTS.deviceUpdated,
  },
]

export function wizardStep(step: StepNumber): WizardStep {
  return WIZARD_STEPS[step - 1]!
}

type StartFlags = Pick<ProfileFlags, 'profile_completed' | 'medical_completed' | 'bariatric_completed'>

/**
 * SPEC.md §4: 2 if profile_completed, 3 if medical_completed, 4 if bariatric_completed (the later
 * flag wins). It is also the furthest step the patient may open: every step before it is done.
 */
export function startStep(flags: StartFlags): StepNumber {
  if (flags.bariatric_completed) return 4
  if (flags.medical_completed) return 3
  if (flags.profile_completed) return 2
  return 1
}

export const highestReachableStep = startStep

export function isStepNumber(value: unknown): value is StepNumber {
  return typeof value === 'number' && (STEP_NUMBERS as readonly number[]).includes(value)
}

/** '?step=N' → N when it is a step number ('2', not '2.0' or ' 2'). */
export function parseStep(value: string | null | undefined): StepNumber | undefined {
  if (!value || !/^[1-9]\d*$/.test(value)) return undefined
  const number = Number(value)
  return isStepNumber(number) ? number : undefined
}

/**
 * Which step to show for a requested `?step=`: no (or a malformed) step → the start step;
 * a step beyond the furthest reachable one → that one. `redirect` says the URL should change.
 */
export function resolveStep(
  requested: string | null | undefined,
  flags: StartFlags,
): { step: StepNumber; redirect: boolean } {
  const furthest = highestReachableStep(flags)
  if (requested === null || requested === undefined) return { step: furthest, redirect: false }
  const step = parseStep(requested)
  if (step === undefined) return { step: furthest, redirect: true }
  if (step > furthest) return { step: furthest, redirect: true }
  return { step, redirect: false }
}

/** The next step after a save, never past the last. */
export function nextStep(step: StepNumber): StepNumber {
  return Math.min(step + 1, TOTAL_STEPS) as StepNumber
}

export function previousStep(step: StepNumber): StepNumber | undefined {
  return step > 1 ? ((step - 1) as StepNumber) : undefined
}

/** The share of the wizard the current step represents: step 1 of 4 → 25. */
export function progressPercent(step: StepNumber): number {
  return Math.round((step / TOTAL_STEPS) * 100)
}

export function stepHref(step: StepNumber): string {
  return `/customer/profile-setup?step=${step}`
}
