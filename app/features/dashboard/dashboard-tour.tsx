import { useFetcher } from '@remix-run/react'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { shouldStartTour, TOUR_COMPLETED_PATH, TOUR_SEEN_STORAGE_KEY } from './tour'

// react-joyride and the tour's own parts are ~20 KB (gzip) that a patient needs once: they load
// only when the tour is about to start. Should that download fail, the dashboard shows without the
// tour (and it is offered again next time, since it was never reported as seen).
const RunningTour = lazy(() => import('./running-tour').catch(() => ({ default: () => null })))

function readSeenFlag(): string | null {
  try {
    return window.localStorage.getItem(TOUR_SEEN_STORAGE_KEY)
  } catch {
    return null // storage disabled: the provider's flag alone decides
  }
}

function writeSeenFlag() {
  try {
    window.localStorage.setItem(TOUR_SEEN_STORAGE_KEY, 'true')
  } catch {
    // Storage disabled: the provider still hears about it below.
  }
}

/**
 * The dashboard's guided tour. Rendered only after hydration (it needs the DOM and local storage);
 * without JavaScript the dashboard simply shows. It starts on its own the first time and ends for
 * good when finished or skipped (Cancel, Escape, a click on the overlay).
 */
export function DashboardTour({ profileHasSeenTour }: { profileHasSeenTour: boolean }) {
  const hydrated = useHydrated()
  const [run, setRun] = useState(false)
  const reported = useRef(false)
  const fetcher = useFetcher()

  useEffect(() => {
    if (shouldStartTour(readSeenFlag(), profileHasSeenTour)) setRun(true)
  }, [profileHasSeenTour])

  const end = useCallback(() => {
    setRun(false)
    writeSeenFlag()
    if (reported.current) return
    reported.current = true
    fetcher.submit({}, { method: 'post', action: TOUR_COMPLETED_PATH })
  }, [fetcher])

  if (!hydrated || !run) return null
  return (
    <Suspense fallback={null}>
      <RunningTour onEnd={end} />
    </Suspense>
  )
}
