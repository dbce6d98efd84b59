// Background requests: ones the browser makes without the person asking just now — a link's
// prefetch, and the poll of an open conversation. They must not keep a session alive (the idle
// sign-out counts a person's navigations and form posts only) and the API does not audit them again
// when they repeat a read it already audited. Pure: the poll builds its URL with this in the browser.
//
// How the server tells them apart:
// - a prefetch: the browser's own `Sec-Purpose: prefetch` (older Chrome: `Purpose`, Firefox:
//   `X-Moz`) on Remix's `<link rel="prefetch">` for a `<Link prefetch>`;
// - a poll: the page's own URL with `background=1`, loaded by a fetcher (a revalidation cannot
//   carry a marker of its own, and looks exactly like a navigation to the same page).
// Either can be forged, and then the server only does less (no renewed idle clock, no second audit
// row for a repeat read); a first look is audited whatever the request says.

export const BACKGROUND_PARAM = 'background'

/** A GET the browser only prefetched (a hovered link): not a visit, and not the person reading. */
export function isPrefetch(request: Request): boolean {
  const purpose = ['Sec-Purpose', 'Purpose', 'X-Moz'].map((name) => request.headers.get(name) ?? '').join(' ')
  return /prefetch/i.test(purpose)
}

/**
 * True for a prefetch or a poll. A document navigation (`Sec-Fetch-Mode: navigate`) is a person's
 * whatever its URL says, so a stray `background=1` in an address never stops the clock.
 */
export function isBackgroundRequest(request: Request): boolean {
  if (isPrefetch(request)) return true
  if (request.headers.get('Sec-Fetch-Mode') === 'navigate') return false
  return new URL(request.url).searchParams.get(BACKGROUND_PARAM) === '1'
}

/** The poll's URL: this page, marked as a background request. */
export function backgroundHref(pathname: string, search: string): string {
  const params = new URLSearchParams(search)
  params.set(BACKGROUND_PARAM, '1')
  return `${pathname}?${params.toString()}`
}
