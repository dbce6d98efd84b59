// The dashboard's guided tour (SPEC.md §2 "Guided tour", §4, §9): constants, steps and the pure
// rules around them. The tour components (dashboard-tour.tsx) only renders what is decided here.

/** SPEC.md §9. */
export const TOUR_Z_INDEX = 10000
export const TOUR_SCROLL_OFFSET = 20
export const TOUR_TOOLTIP_WIDTH = 380
export const TOUR_SCROLL_DURATION_MS = 300
export const TOUR_SPOTLIGHT_PADDING = 10

/**
 * The sticky header's height (Tailwind h-14) plus a small gap: the tooltip stays this far below the
 * top of the viewport, and the targets scroll to just below the header (scroll-margin-top in
 * app/styles/tailwind.css) — SPEC.md's 20 px scroll offset is then measured from the header.
 */
export const TOUR_HEADER_CLEARANCE_PX = 56 + 8
/** The tooltip's distance from the other edges of the viewport. */
export const TOUR_EDGE_GAP_PX = 8

/** SPEC.md §3: set to 'true' once the tour has ended (finished or skipped). */
export const TOUR_SEEN_STORAGE_KEY = 'has_seen_tour'

/** Our action that tells the provider (POST v1/auth/tour-completed/); the token stays on the server. */
export const TOUR_COMPLETED_PATH = '/resources/tour-completed'

export const TOUR_WELCOME = {
  title: "Here's How Your Dashboard Works",
  bullets: [
    'Your dashboard gives you an overview of your progress and keeps your connected devices syncing.',
    'Log your weekly weight, sleep and meals in a few taps.',
    'Follow your health trends over time and keep your profile details up to date.',
  ],
  skip: 'Skip Tour and Explore',
  start: 'Start Guided Tour',
} as const

export const TOUR_BUTTONS = { cancel: 'Cancel', next: 'Next', restart: 'Restart', done: 'Done' } as const

/** The `data-tour` attribute values the dashboard puts on its elements. */
export const TOUR_TARGETS = {
  overview: 'overview',
  logData: 'log-data',
  healthTrends: 'health-trends',
  devices: 'connect-devices',
  profile: 'profile-details',
} as const

export type TourTarget = (typeof TOUR_TARGETS)[keyof typeof TOUR_TARGETS]

export type TourIllustration = 'overview' | 'log' | 'trends'

export type TourStepDefinition = {
  id: string
  /** null for the centred welcome card. */
  target: TourTarget | null
  title: string
  content: string
  illustration?: TourIllustration
}

/** Step 1 is the welcome card; steps 2 to 4 carry illustrations (SPEC.md §2). */
export const TOUR_STEPS: readonly TourStepDefinition[] = [
  { id: 'welcome', target: null, title: TOUR_WELCOME.title, content: '' },
  {
    id: 'overview',
    target: TOUR_TARGETS.overview,
    title: 'Your progress at a glance',
    content:
      'See where you stand: your weight progress (%TWL, %EWL, BMI, goal), today’s protein, water and sleep against your targets, and your next follow-up. It updates as you log.',
    illustration: 'overview',
  },
  {
    id: 'log-data',
    target: TOUR_TARGETS.logData,
    title: 'Log your week',
    content: 'Record your weekly weight, your sleep and your meals here.',
    illustration: 'log',
  },
  {
    id: 'health-trends',
    target: TOUR_TARGETS.healthTrends,
    title: 'Follow your trends',
    content: 'See how your weight, sleep and meals change over the weeks.',
    illustration: 'trends',
  },
  {
    id: 'connect-devices',
    target: TOUR_TARGETS.devices,
    title: 'Connect your device',
    content: 'Link your wearable so your activity and sleep sync on their own.',
  },
  {
    id: 'profile-details',
    target: TOUR_TARGETS.profile,
    title: 'Your profile details',
    content: 'Check and update your personal and medical details, your display units and your theme.',
  },
]

/** The selector joyride looks for; the welcome card is centred on the page. */
export function tourSelector(target: TourTarget | null): string {
  return target === null ? 'body' : `[data-tour="${target}"]`
}

/** SPEC.md §2: 'n / total-1' — the welcome card is not counted. */
export function tourCounter(index: number, size: number): string {
  return `${index} / ${size - 1}`
}

export function isLastTourStep(index: number, size: number): boolean {
  return index === size - 1
}

/** Run the tour only if neither the browser nor the provider remembers it has been seen. */
export function shouldStartTour(storedFlag: string | null, profileHasSeenTour: boolean | undefined): boolean {
  return storedFlag !== 'true' && profileHasSeenTour !== true
}
