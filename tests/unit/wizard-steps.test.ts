import { describe, expect, it } from 'vitest'
import {
  highestReachableStep,
  nextStep,
  parseStep,
  previousStep,
  progressPercent,
  resolveStep,
  startStep,
  WIZARD_STEPS,
} from '~/lib/wizard-steps'

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
