import { useEffect } from 'react'
import { useRevalidator } from '@remix-run/react'
import { POLL_MS } from './care-messages'

/**
 * With JavaScript, an open conversation asks for news every POLL_MS while the tab is visible (and
 * at once when it becomes visible again): new replies appear without a reload. Polling rather than
 * server-sent events: the loaders already hold the whole answer (the read mark included), and a
 * revalidation reuses them with no long-lived connection for the BFF to keep open per tab.
 */
export function usePollWhileVisible(enabled = true) {
  const { revalidate, state } = useRevalidator()
  useEffect(() => {
    if (!enabled) return
    const tick = () => {
      if (document.visibilityState === 'visible' && state === 'idle') revalidate()
    }
    const timer = window.setInterval(tick, POLL_MS)
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      window.clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [enabled, revalidate, state])
}
