import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { LogOut } from 'lucide-react'
import { SidebarCollapseToggle, SidebarDrawerTrigger, SidebarNoScriptMenu } from './sidebar'
import type { SidebarNavSection } from './sidebar-nav'
import { ThemeToggle } from './theme-toggle'
import { Button } from '~/components/ui/button'

type AppHeaderProps = {
  sections: SidebarNavSection[]
  navLabel: string
  /** Who is signed in; null while the provider has not told us their name. */
  userName: string | null
  /** A second line under the name, e.g. the admin's role. */
  userDetail?: string | null
  signOutAction: string
  /** The product's name and home link, shown in the header on narrow screens (no sidebar there). */
  brand?: ReactNode
}

/** The signed-in header of both portals: sidebar toggles, who is signed in, theme and sign-out. */
export function AppHeader({ sections, navLabel, userName, userDetail, signOutAction, brand }: AppHeaderProps) {
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:px-4">
      <SidebarCollapseToggle />
      <SidebarDrawerTrigger />
      <SidebarNoScriptMenu sections={sections} label={navLabel} />
      {brand ? <div className="min-w-0 md:hidden">{brand}</div> : null}
      <div className="flex-1" />
      <ThemeToggle className="hidden sm:inline-flex" />
      <div className="flex min-w-0 flex-col items-end text-right leading-tight" data-testid="signed-in-user">
        <span className="max-w-[9rem] truncate text-sm font-medium sm:max-w-[16rem]">{userName ?? 'Signed in'}</span>
        {userDetail ? <span className="text-xs text-muted-foreground">{userDetail}</span> : null}
      </div>
      <Form method="post" action={signOutAction}>
        <Button type="submit" variant="outline" size="sm" className="px-2.5 sm:px-3">
          <LogOut aria-hidden />
          <span className="sr-only sm:not-sr-only">Sign out</span>
        </Button>
      </Form>
    </header>
  )
}
