// The sidebar's expanded/collapsed state as the server sees it, so the first paint is already right.
import { parseSidebarCookieValue, readSidebarCookie, sidebarCookieString } from './sidebar-settings'

/** True (the default) unless the `sidebar_state` cookie says collapsed. */
export function getSidebarExpanded(request: Request): boolean {
  return parseSidebarCookieValue(readSidebarCookie(request.headers.get('Cookie')))
}

/**
 * `Set-Cookie` for a state. Not HttpOnly on purpose: it is a display preference, not a secret, and
 * the enhanced toggle writes the same cookie from the browser without a round trip.
 */
export function sidebarStateHeaders(expanded: boolean, secure: boolean): Headers {
  return new Headers({ 'Set-Cookie': `${sidebarCookieString(expanded)}${secure ? '; Secure' : ''}` })
}
