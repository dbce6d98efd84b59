import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Brand } from './brand'
import { AppHeader } from './app-header'
import { ThemeToggle } from './theme-toggle'
import { useProductName } from '~/platform/use-product-name'
import { AppSidebar } from './sidebar'
import { SidebarProvider } from './sidebar-context'
import type { SidebarNavSection } from './sidebar-nav'

type AppShellProps = {
  sections: SidebarNavSection[]
  navLabel: string
  homePath: string
  sidebarExpanded: boolean
  userName: string | null
  userDetail?: string | null
  signOutAction: string
  /** A line under the product name, e.g. 'Admin Portal'. */
  subtitle?: string
  children: ReactNode
}

/** The signed-in frame of both portals: sidebar, header, and the screen in <main>. */
export function AppShell({
  sections,
  navLabel,
  homePath,
  sidebarExpanded,
  userName,
  userDetail,
  signOutAction,
  subtitle,
  children,
}: AppShellProps) {
  const productName = useProductName()
  return (
    <SidebarProvider defaultExpanded={sidebarExpanded}>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <div className="flex min-h-screen bg-background">
        <AppSidebar
          sections={sections}
          productName={productName}
          homePath={homePath}
          label={navLabel}
          subtitle={subtitle}
          drawerFooter={
            <div className="grid gap-3">
              <div className="text-sm">
                <p className="font-medium">{userName ?? 'Signed in'}</p>
                {userDetail ? <p className="text-xs text-muted-foreground">{userDetail}</p> : null}
              </div>
              <ThemeToggle />
            </div>
          }
        />
        <div className="flex min-w-0 flex-1 flex-col">
          <AppHeader
            sections={sections}
            navLabel={navLabel}
            userName={userName}
            userDetail={userDetail}
            signOutAction={signOutAction}
            brand={
              <Link
                to={homePath}
                className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Brand name={productName} className="text-base" />
              </Link>
            }
          />
          <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8">
            <div className="mx-auto w-full max-w-6xl">{children}</div>
          </main>
        </div>
      </div>
    </SidebarProvider>
  )
}

// The layout routes reach the shared blocks through here, and this keeps them in one chunk with
// every screen's (screen-kit.ts says why).
export * from './screen-kit'
