// The sidebar's constants (SPEC.md §9, shadcn/ui's conventions). Pure: shared by server and client.
import { readCookie } from '~/platform/cookies'

/** Expanded (true) or collapsed (false), kept for seven days so the server renders it right. */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state'
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7

/** Ctrl+B / Cmd+B toggles the sidebar (the drawer on narrow screens). */
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b'

/** Below this width (px) the sidebar is a slide-in drawer. */
export const MOBILE_BREAKPOINT = 768

/** Radix Tooltip on the icon-only items (SPEC.md §9). */
export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300

/** The desktop column and the narrow screens' drawer, for aria-controls. */
export const SIDEBAR_ID = 'app-sidebar'
export const SIDEBAR_DRAWER_ID = 'app-sidebar-drawer'

/** Where the no-JavaScript collapse form posts. */
export const SIDEBAR_RESOURCE_PATH = '/resources/sidebar'

export type SidebarState = 'expanded' | 'collapsed'

/** The cookie's value for a state, and back; anything unknown reads as the default (expanded). */
export function sidebarCookieValue(expanded: boolean): string {
  return expanded ? 'true' : 'false'
}

export function parseSidebarCookieValue(value: string | null | undefined): boolean {
  return value !== 'false'
}

/** The value of `sidebar_state` in a Cookie header (or document.cookie), if any. */
export function readSidebarCookie(cookieHeader: string | null | undefined): string | undefined {
  return readCookie(cookieHeader, SIDEBAR_COOKIE_NAME)
}

/** Attributes shared by the server's Set-Cookie and the client's document.cookie write. */
export function sidebarCookieString(expanded: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${sidebarCookieValue(expanded)}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`
}
