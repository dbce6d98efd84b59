import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useProductName } from '~/lib/use-product-name'
import { Brand } from './brand'
import { ThemeToggle } from './theme-toggle'

/**
 * The frame of screens that stand outside both portals (404, not authorized, the generic error,
 * terms and privacy): the brand leading home and the theme toggle, as on the public screens.
 */
export function StandaloneFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const productName = useProductName()
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <header className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <Link to="/" className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <Brand name={productName} />
        </Link>
        <ThemeToggle />
      </header>
      <main className={`flex flex-1 justify-center px-4 pb-12 pt-4 ${wide ? 'items-start' : 'items-start sm:items-center sm:pt-0'}`}>
        <div className={`w-full ${wide ? 'max-w-2xl' : 'max-w-lg'}`}>{children}</div>
      </main>
    </div>
  )
}
