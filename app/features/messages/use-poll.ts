import { useEffect, useState } from 'react'
import { useFetcher, useLoaderData, useLocation } from '@remix-run/react'
import type { SerializeFrom } from '@remix-run/node'
import { backgroundHref } from '~/platform/background'
import { POLL_MS } from './care-messages'

/**
 * The route's loader data, kept fresh while an open conversation is on screen: with JavaScript,
 * every POLL_MS while the tab is visible (and at once when it becomes visible again) a fetcher
 * loads this same page again, marked `background=1` (app/platform/background.ts), so the poll
 * neither keeps the session from its idle sign-out nor writes audit rows for a look already
 * audited. Polling rather than server-sent events: the loaders already hold the whole answer (the
 * read mark included), with no long-lived connection for the BFF to keep open per tab.
 *
 * A fetcher rather than a revalidation, because a revalidation cannot carry the marker: to the
 * server it is a navigation to the same page. Only this route's loader runs (the menu's counts
 * wait for the next navigation). A poll's answer is shown only while the page it was sent from is
 * still the one on screen: any newer loader data (a navigation, a form's redirect) wins.
 */
export function usePolledLoaderData<Loader>(shouldPoll: (data: SerializeFrom<Loader>) => boolean): SerializeFrom<Loader> {
  const loaderData = useLoaderData<Loader>()
  const { load, state, data: polled } = useFetcher<Loader>()
  const { pathname, search } = useLocation()
  const [sentFrom, setSentFrom] = useState<{ data: SerializeFrom<Loader>; href: string } | null>(null)
  const enabled = shouldPoll(loaderData)
  const busy = state !== 'idle'
  const here = `${pathname}${search}`

  useEffect(() => {
    if (!enabled) return
    const tick = () => {
      if (document.visibilityState !== 'visible' || busy) return
      setSentFrom({ data: loaderData, href: here })
      void load(backgroundHref(pathname, search))
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
  }, [enabled, busy, load, loaderData, here, pathname, search])

  const current = polled !== undefined && sentFrom !== null && sentFrom.data === loaderData && sentFrom.href === here
  return current ? polled : loaderData
}
