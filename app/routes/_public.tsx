import { Outlet } from '@remix-run/react'
import { PublicHeader } from '~/features/shell/public-header'

/** Layout of the public (signed-out) screens of both portals: brand, theme toggle, centred content. */
export default function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <PublicHeader />
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center sm:pt-0">
        <div className="w-full max-w-md">
          <Outlet />
        </div>
      </main>
    </div>
  )
}

// A layout route reaches the shared blocks itself: this keeps them in one chunk with every
// screen's (screen-kit.ts says why).
export * from '~/features/shell/screen-kit'
