import type { ReactNode } from 'react'
import { PublicHeader } from './public-header'

/**
 * The frame of screens that stand outside both portals (404, not authorized, the generic error,
 * terms and privacy): the brand leading home and the theme toggle, as on the public screens.
 */
export function StandaloneFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <PublicHeader />
      <main className={`flex flex-1 justify-center px-4 pb-12 pt-4 ${wide ? 'items-start' : 'items-start sm:items-center sm:pt-0'}`}>
        <div className={`w-full ${wide ? 'max-w-2xl' : 'max-w-lg'}`}>{children}</div>
      </main>
    </div>
  )
}
