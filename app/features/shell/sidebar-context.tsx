import { useLocation } from '@remix-run/react'
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { MOBILE_BREAKPOINT, SIDEBAR_KEYBOARD_SHORTCUT, sidebarCookieString } from './sidebar-settings'

type SidebarContextValue = {
  /** Desktop: full width (true) or icons only (false). Rendered by the server from the cookie. */
  expanded: boolean
  setExpanded: (expanded: boolean) => void
  toggleExpanded: () => void
  /** Narrow screens: the slide-in drawer. */
  openMobile: boolean
  setOpenMobile: (open: boolean) => void
}

const SidebarContext = createContext<SidebarContextValue | null>(null)

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext)
  if (!context) throw new Error('useSidebar must be used inside <SidebarProvider>')
  return context
}

function isNarrowScreen(): boolean {
  return window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`).matches
}

export function SidebarProvider({ defaultExpanded, children }: { defaultExpanded: boolean; children: ReactNode }) {
  const [expanded, setExpandedState] = useState(defaultExpanded)
  const [openMobile, setOpenMobile] = useState(false)
  const location = useLocation()

  const setExpanded = useCallback((next: boolean) => {
    setExpandedState(next)
    // The same cookie the no-JavaScript form sets through the server, so reloads render it right.
    document.cookie = sidebarCookieString(next)
  }, [])

  const toggleExpanded = useCallback(() => setExpanded(!expanded), [expanded, setExpanded])

  // Following a link inside the drawer closes it.
  useEffect(() => {
    setOpenMobile(false)
  }, [location.pathname])

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() !== SIDEBAR_KEYBOARD_SHORTCUT || !(event.ctrlKey || event.metaKey)) return
      if (event.altKey || event.shiftKey) return
      event.preventDefault()
      if (isNarrowScreen()) setOpenMobile((open) => !open)
      else toggleExpanded()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [toggleExpanded])

  const value = useMemo(
    () => ({ expanded, setExpanded, toggleExpanded, openMobile, setOpenMobile }),
    [expanded, setExpanded, toggleExpanded, openMobile],
  )
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>
}
