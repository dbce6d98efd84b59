import { Link, useLocation } from '@remix-run/react'
import { Menu, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react'
import { lazy, Suspense, useEffect, useState, type ComponentProps, type ReactNode } from 'react'
import { Brand } from './brand'
import { buttonVariants } from '~/components/ui/button'
import { cn } from '~/platform/cn'
import { SIDEBAR_DRAWER_ID, SIDEBAR_ID, SIDEBAR_RESOURCE_PATH } from './sidebar-settings'
import { useSidebar } from './sidebar-context'
import { SidebarNav, type SidebarNavSection } from './sidebar-nav'
import type SidebarDrawerType from './sidebar-drawer'

export { SIDEBAR_DRAWER_ID, SIDEBAR_ID } from './sidebar-settings'

// The narrow screens' drawer (Radix Dialog, its focus trap and scroll lock, ~12 KB gzip) loads the
// first time it opens: closed, it draws nothing anyway. Should that download fail, the same links
// open in a plain panel, without the focus trap.
const SidebarDrawer = lazy(() =>
  import('./sidebar-drawer').catch(() => ({ default: PlainDrawer })),
)

function PlainDrawer({ open, onOpenChange, sections, label }: ComponentProps<typeof SidebarDrawerType>) {
  if (!open) return null
  return (
    <div
      id={SIDEBAR_DRAWER_ID}
      data-sidebar="drawer"
      className="fixed inset-y-0 left-0 z-50 flex w-sidebar-mobile max-w-[85vw] flex-col border-r border-border bg-sidebar px-3 py-4 text-sidebar-foreground shadow-lg md:hidden"
    >
      <button
        type="button"
        className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'self-end')}
        aria-label="Close menu"
        onClick={() => onOpenChange(false)}
      >
        <X aria-hidden />
      </button>
      <SidebarNav sections={sections} label={label} />
    </div>
  )
}

type AppSidebarProps = {
  sections: SidebarNavSection[]
  productName: string
  homePath: string
  /** Accessible name of the navigation, e.g. 'Patient' or 'Admin portal'. */
  label: string
  /** A line under the product name, e.g. 'Admin Portal'. */
  subtitle?: string
  /** Shown at the bottom of the drawer (narrow screens): who is signed in, theme, sign-out. */
  drawerFooter?: ReactNode
}

/**
 * The app's sidebar: on wide screens a column that is expanded (16rem) or icons only (3rem); below
 * 768 px a slide-in drawer (18rem) opened from the header. Both render the same sections.
 */
export function AppSidebar({ sections, productName, homePath, label, subtitle, drawerFooter }: AppSidebarProps) {
  const { expanded, openMobile, setOpenMobile } = useSidebar()
  // Once opened, the drawer stays mounted (closed), so that opening it again is instant.
  const [drawerOpened, setDrawerOpened] = useState(false)
  const drawerWanted = drawerOpened || openMobile
  useEffect(() => {
    if (openMobile) setDrawerOpened(true)
  }, [openMobile])
  return (
    <>
      <aside
        id={SIDEBAR_ID}
        data-sidebar="sidebar"
        data-state={expanded ? 'expanded' : 'collapsed'}
        className={cn(
          'sticky top-0 hidden h-screen shrink-0 flex-col border-r border-border bg-sidebar text-sidebar-foreground transition-[width] duration-200 ease-linear md:flex',
          expanded ? 'w-sidebar' : 'w-sidebar-icon',
        )}
      >
        <div className={cn('flex h-14 items-center border-b border-border', expanded ? 'px-4' : 'justify-center')}>
          <Link
            to={homePath}
            className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label={expanded ? undefined : productName}
          >
            {expanded ? <Brand name={productName} /> : <Brand name="" className="gap-0" />}
          </Link>
          {expanded && subtitle ? (
            <span className="ml-2 truncate rounded bg-accent px-1.5 py-0.5 text-xs font-medium text-accent-foreground">
              {subtitle}
            </span>
          ) : null}
        </div>
        <div className={cn('flex-1 overflow-y-auto py-4', expanded ? 'px-3' : 'px-1.5')}>
          <SidebarNav sections={sections} iconOnly={!expanded} label={label} />
        </div>
      </aside>

      {drawerWanted ? (
        <Suspense fallback={null}>
          <SidebarDrawer
            open={openMobile}
            onOpenChange={setOpenMobile}
            sections={sections}
            productName={productName}
            label={label}
            subtitle={subtitle}
            drawerFooter={drawerFooter}
          />
        </Suspense>
      ) : null}
    </>
  )
}

/**
 * Wide screens: collapses or expands the sidebar. A real form, so that without JavaScript the
 * server sets the cookie and sends the page back; with it, the state flips in place.
 */
export function SidebarCollapseToggle({ className }: { className?: string }) {
  const { expanded, toggleExpanded } = useSidebar()
  const location = useLocation()
  const label = expanded ? 'Collapse sidebar' : 'Expand sidebar'
  return (
    <form
      method="post"
      action={SIDEBAR_RESOURCE_PATH}
      className={cn('hidden md:block', className)}
      onSubmit={(event) => {
        event.preventDefault()
        toggleExpanded()
      }}
    >
      <input type="hidden" name="state" value={expanded ? 'collapsed' : 'expanded'} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        aria-label={label}
        title={`${label} (Ctrl+B)`}
        aria-controls={SIDEBAR_ID}
        aria-expanded={expanded}
        className={buttonVariants({ variant: 'ghost', size: 'icon' })}
      >
        {expanded ? <PanelLeftClose aria-hidden /> : <PanelLeftOpen aria-hidden />}
      </button>
    </form>
  )
}

/** Narrow screens with JavaScript: opens the drawer. */
export function SidebarDrawerTrigger({ className }: { className?: string }) {
  const { openMobile, setOpenMobile } = useSidebar()
  return (
    <button
      type="button"
      aria-label="Open menu"
      aria-haspopup="dialog"
      aria-expanded={openMobile}
      aria-controls={openMobile ? SIDEBAR_DRAWER_ID : undefined}
      onClick={() => setOpenMobile(true)}
      className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'js-only md:hidden', className)}
    >
      <Menu aria-hidden />
    </button>
  )
}

/**
 * Narrow screens without JavaScript: the drawer cannot slide in, so the same links open below the
 * header from a native disclosure.
 */
export function SidebarNoScriptMenu({ sections, label }: { sections: SidebarNavSection[]; label: string }) {
  return (
    <details className="no-js-only group md:hidden">
      <summary
        className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}
      >
        <Menu aria-hidden />
        <span className="sr-only">Menu</span>
      </summary>
      <div className="absolute inset-x-0 top-14 z-40 border-b border-border bg-sidebar p-4 shadow-lg">
        <SidebarNav sections={sections} label={label} />
      </div>
    </details>
  )
}
