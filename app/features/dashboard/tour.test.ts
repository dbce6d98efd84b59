import { describe, expect, it } from 'vitest'
import {
  isLastTourStep,
  shouldStartTour,
  TOUR_SCROLL_DURATION_MS,
  TOUR_SCROLL_OFFSET,
  TOUR_SPOTLIGHT_PADDING,
  TOUR_STEPS,
  TOUR_TARGETS,
  TOUR_TOOLTIP_WIDTH,
  TOUR_WELCOME,
  TOUR_Z_INDEX,
  tourCounter,
  tourSelector,
} from './tour'

describe('the guided tour', () => {
  it('keeps SPEC.md §9 constants', () => {
    expect(TOUR_Z_INDEX).toBe(10000)
    expect(TOUR_SCROLL_OFFSET).toBe(20)
    expect(TOUR_TOOLTIP_WIDTH).toBe(380)
    expect(TOUR_SCROLL_DURATION_MS).toBe(300)
    expect(TOUR_SPOTLIGHT_PADDING).toBe(10)
  })

  it('opens with the welcome card and its three bullets', () => {
    expect(TOUR_STEPS[0]).toMatchObject({ id: 'welcome', target: null, title: "Here's How Your Dashboard Works" })
    expect(TOUR_WELCOME.bullets).toHaveLength(3)
    expect(TOUR_WELCOME.skip).toBe('Skip Tour and Explore')
    expect(TOUR_WELCOME.start).toBe('Start Guided Tour')
  })

  it('has illustrations on steps 2 to 4 only', () => {
    const illustrated = TOUR_STEPS.map((step, index) => (step.illustration ? index + 1 : null)).filter(Boolean)
    expect(illustrated).toEqual([2, 3, 4])
  })

  it('points every later step at a dashboard target', () => {
    const targets = new Set(Object.values(TOUR_TARGETS))
    for (const step of TOUR_STEPS.slice(1)) expect(targets.has(step.target as never)).toBe(true)
    expect(tourSelector(TOUR_TARGETS.logData)).toBe('[data-tour="log-data"]')
    expect(tourSelector(null)).toBe('body')
  })

  it('counts n / total-1, leaving the welcome card out', () => {
    const size = TOUR_STEPS.length
    expect(tourCounter(1, size)).toBe(`1 / ${size - 1}`)
    expect(tourCounter(size - 1, size)).toBe(`${size - 1} / ${size - 1}`)
    expect(isLastTourStep(size - 1, size)).toBe(true)
    expect(isLastTourStep(1, size)).toBe(false)
  })

  it('starts only when neither the browser nor the provider has seen it', () => {
    expect(shouldStartTour(null, false)).toBe(true)
    expect(shouldStartTour(null, undefined)).toBe(true)
    expect(shouldStartTour('false', false)).toBe(true)
    expect(shouldStartTour('true', false)).toBe(false)
    expect(shouldStartTour(null, true)).toBe(false)
  })
})
