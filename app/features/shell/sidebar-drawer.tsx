import * as Dialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import { buttonVariants } from '~/components/ui/button'
import { Brand } from './brand'
import { SidebarNav, type SidebarNavSection } from './sidebar-nav'
import { SIDEBAR_DRAWER_ID } from './sidebar-settings'

/**
 * Below 768 px the sidebar is a slide-in drawer (18rem) opened from the header: its own chunk,
 * loaded by AppSidebar (sidebar.tsx) the first time it opens.
 */
export default function SidebarDrawer({
  open,
  onOpenChange,
  sections,
  productName,
  label,
  subtitle,
  drawerFooter,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  sections: SidebarNavSection[]
  productName: string
  label: string
  subtitle?: string
  drawerFooter?: ReactNode
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 transition-opacity duration-200 md:hidden [@starting-style]:opacity-0" />
        {/* Slides in where the browser knows @starting-style; simply appears elsewhere. */}
        <Dialog.Content
          id={SIDEBAR_DRAWER_ID}
          aria-describedby={undefined}
          data-sidebar="drawer"
          className="fixed inset-y-0 left-0 z-50 flex w-sidebar-mobile max-w-[85vw] flex-col border-r border-border bg-sidebar text-sidebar-foreground shadow-lg transition-transform duration-200 ease-out focus:outline-none md:hidden [@starting-style]:-translate-x-full"
        >
          <div className="flex h-14 items-center justify-between border-b border-border px-4">
            <Dialog.Title asChild>
              <h2 className="flex items-center gap-2">
                <Brand name={productName} />
                {subtitle ? (
                  <span className="rounded bg-accent px-1.5 py-0.5 text-xs font-medium text-accent-foreground">{subtitle}</span>
                ) : null}
                <span className="sr-only"> menu</span>
              </h2>
            </Dialog.Title>
            <Dialog.Close className={buttonVariants({ variant: 'ghost', size: 'icon' })} aria-label="Close menu">
              <X aria-hidden />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-3 py-4">
            <SidebarNav sections={sections} label={label} />
          </div>
          {drawerFooter ? <div className="border-t border-border p-4">{drawerFooter}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

// Loaded with import(), so an entry point of its own: it reaches the shared blocks, and this keeps
// them in one chunk with every screen's (screen-kit.ts says why).
export * from './screen-kit'
