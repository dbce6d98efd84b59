import { describe, expect, it } from 'vitest'
import {
  highestReachableStep,
  isStepNumber,
  nextStep,
  parseStep,
  previousStep,
  progressPercent,
  resolveStep,
  startStep,
  stepHref,
  WIZARD_STEPS,
  wizardStep,
} from './wizard-steps'

const flags = (profile_completed: boolean, medical_completed: boolean, bariatric_completed: boolean) => ({
  profile_completed,
  medical_completed,
  bariatric_completed,
})

describe('startStep (SPEC.md §4)', () => {
  it.each([
    [flags(false, false, false), 1],
    [flags(true, false, false), 2],
    [flags(true, true, false), 3],
    [flags(true, true, true), 4],
    // The later flag wins, as SPEC.md lists them.
    [flags(false, true, false), 3],
    [flags(false, false, true), 4],
  ])('%j → step %i', (f, step) => {
    expect(startStep(f)).toBe(step)
    expect(highestReachableStep(f)).toBe(step)
  })
})

describe('resolveStep (?step= in the URL)', () => {
  const medicalDone = flags(true, true, false)
  it('shows the start step when no step is asked for', () => {
    expect(resolveStep(null, medicalDone)).toEqual({ step: 3, redirect: false })
  })
  it('lets the patient go back to a saved step', () => {
    expect(resolveStep('1', medicalDone)).toEqual({ step: 1, redirect: false })
    expect(resolveStep('3', medicalDone)).toEqual({ step: 3, redirect: false })
  })
  it('redirects a step beyond the first incomplete one to that one', () => {
    expect(resolveStep('4', medicalDone)).toEqual({ step: 3, redirect: true })
    expect(resolveStep('2', flags(false, false, false))).toEqual({ step: 1, redirect: true })
  })
  it('redirects nonsense to the start step', () => {
    for (const value of ['0', '5', 'abc', '2.0', ' 2', '']) {
      expect(resolveStep(value, medicalDone)).toEqual({ step: 3, redirect: true })
    }
  })
})

describe('step helpers', () => {
  it('parses only 1 to 4', () => {
    expect(parseStep('4')).toBe(4)
    expect(parseStep('04')).toBeUndefined()
    expect(parseStep(undefined)).toBeUndefined()
  })
  it('never goes past step 4 or before step 1', () => {
    expect(nextStep(3)).toBe(4)
    expect(nextStep(4)).toBe(4)
    expect(previousStep(1)).toBeUndefined()
    expect(previousStep(2)).toBe(1)
  })
  it('reports progress by step', () => {
    expect([1, 2, 3, 4].map((s) => progressPercent(s as 1 | 2 | 3 | 4))).toEqual([25, 50, 75, 100])
  })
  it('has the SPEC titles and notices in order', () => {
    expect(WIZARD_STEPS.map((s) => s.title)).toEqual([
      'Personal Details',
      'Medical History',
      'Bariatric Surgery',
      'Device Information',
    ])
    expect(WIZARD_STEPS.map((s) => s.toast.title)).toEqual([
      'Profile Updated',
      'Medical History Updated',
      'Bariatic Surgery Information Updated',
      'Device Details Updated',
    ])
  })
})

// Mutation testing: what the step table and the ?step= parser promise beyond the titles.
describe('wizard step table and ?step= parsing', () => {
  it('ties each step to its key, its onboarding flag, its description and its URL', () => {
    expect(WIZARD_STEPS.map((s) => [s.number, s.key, s.flag])).toEqual([
      [1, 'personal', 'profile_completed'],
      [2, 'medical', 'medical_completed'],
      [3, 'bariatric', 'bariatric_completed'],
      [4, 'device', 'is_onboarded'],
    ])
    for (const step of WIZARD_STEPS) expect(step.description).toMatch(/^[A-Z].{20,}\.$/)
    expect(wizardStep(1).key).toBe('personal')
    expect(wizardStep(4).key).toBe('device')
    expect(stepHref(3)).toBe('/customer/profile-setup?step=3')
  })

  it('takes only a whole step number written plainly', () => {
    expect(['1', '2', '3', '4'].map(parseStep)).toEqual([1, 2, 3, 4])
    for (const odd of ['0', '5', '12', '-1', '01', '2.0', ' 2', '2 ', '2a', 'a2', '', null, undefined]) {
      expect(parseStep(odd), String(odd)).toBeUndefined()
    }
  })

  it('knows the step numbers and nothing else', () => {
    expect([1, 2, 3, 4].every(isStepNumber)).toBe(true)
    for (const odd of [0, 5, 1.5, '1', null, undefined, Number.NaN]) expect(isStepNumber(odd), String(odd)).toBe(false)
  })

  it('an empty ?step= is malformed (redirect), a missing one is not', () => {
    const done = flags(true, true, false)
    expect(resolveStep(undefined, done)).toEqual({ step: 3, redirect: false })
    expect(resolveStep(null, done)).toEqual({ step: 3, redirect: false })
    expect(resolveStep('', done)).toEqual({ step: 3, redirect: true })
  })
})
