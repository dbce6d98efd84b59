import { useCallback, useEffect } from 'react'
import { EVENTS, useJoyride, type EventHandler, type FloatingOptions, type Step } from 'react-joyride'
import {
  TOUR_EDGE_GAP_PX,
  TOUR_HEADER_CLEARANCE_PX,
  TOUR_SCROLL_DURATION_MS,
  TOUR_SCROLL_OFFSET,
  TOUR_SPOTLIGHT_PADDING,
  TOUR_STEPS,
  TOUR_TOOLTIP_WIDTH,
  TOUR_Z_INDEX,
  tourSelector,
} from './tour'
import { TourTooltip } from './tour-tooltip'

// The running tour: its own chunk, loaded by DashboardTour (dashboard-tour.tsx) when it starts.

const EDGES = {
  top: TOUR_HEADER_CLEARANCE_PX,
  right: TOUR_EDGE_GAP_PX,
  bottom: TOUR_EDGE_GAP_PX,
  left: TOUR_EDGE_GAP_PX,
}

type Middleware = NonNullable<FloatingOptions['middleware']>[number]

/**
 * Runs after joyride's flip and shift. When the tooltip had to slide over its target (a target
 * taller than the screen, such as the progress cards on a phone), it goes to the bottom of the
 * screen, so the top of the target — its heading and headline number — stays in the spotlight.
 */
const overTallTargetsSitLow: Middleware = {
  name: 'overTallTargetsSitLow',
  fn({ y, rects, strategy }) {
    const target = rects.reference
    const height = rects.floating.height
    const overlaps = y < target.y + target.height && y + height > target.y
    if (!overlaps) return {}
    const viewportTop = strategy === 'fixed' ? 0 : window.scrollY
    const low = viewportTop + window.innerHeight - TOUR_EDGE_GAP_PX - height
    return { y: Math.max(y, Math.max(viewportTop + TOUR_HEADER_CLEARANCE_PX, low)) }
  },
}

// Below the target, else above it; never beside it ('auto' picked left/right on a desktop and cut
// the tooltip at the screen's edge). When neither fits (a target taller than the screen), the
// tooltip slides over the target's lower part rather than leave the viewport (crossAxis shift):
// the patient always sees the text and the buttons, clear of the sticky header.
const STEPS: Step[] = TOUR_STEPS.map((definition) => ({
  id: definition.id,
  target: tourSelector(definition.target),
  title: definition.title,
  content: definition.content,
  placement: definition.target === null ? 'center' : 'bottom',
  floatingOptions: {
    flipOptions: { fallbackPlacements: ['top'], padding: EDGES },
    shiftOptions: { crossAxis: true, padding: EDGES },
    middleware: [overTallTargetsSitLow],
  },
  data: definition,
}))

export default function RunningTour({ onEnd }: { onEnd: () => void }) {
  const onEvent = useCallback<EventHandler>(
    (event) => {
      // Finishing (Done) and skipping both end the tour; joyride itself resets it to step 0.
      if (event.type === EVENTS.TOUR_END) onEnd()
    },
    [onEnd],
  )

  const { controls, Tour } = useJoyride({
    run: true,
    continuous: true,
    steps: STEPS,
    onEvent,
    tooltipComponent: TourTooltip,
    options: {
      showProgress: true,
      skipBeacon: true,
      zIndex: TOUR_Z_INDEX,
      scrollOffset: TOUR_SCROLL_OFFSET,
      // Scrolling to a step is motion too: none for visitors whose system asks for less.
      scrollDuration: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : TOUR_SCROLL_DURATION_MS,
      spotlightPadding: TOUR_SPOTLIGHT_PADDING,
      width: TOUR_TOOLTIP_WIDTH,
      arrowColor: 'hsl(var(--card))',
      // joyride's own "close" moves on to the next step; for a patient, Escape and a click on the
      // overlay mean "stop the tour", so we handle both ourselves
      // (docs/decisions/021-tour-escape-and-overlay-end-tour.md).
      dismissKeyAction: false,
      overlayClickAction: false,
    },
  })

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') controls.skip('button_close')
    }
    function onClick(event: MouseEvent) {
      if (event.target instanceof Element && event.target.closest('.react-joyride__overlay'))
        controls.skip('button_close')
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('click', onClick, true)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('click', onClick, true)
    }
  }, [controls])

  return Tour
}
