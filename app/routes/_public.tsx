import { Link, Outlet } from '@remix-run/react'
import { Brand } from '~/components/brand'
import { ThemeToggle } from '~/components/theme-toggle'
import { useProductName } from '~/lib/use-product-name'

/** Layout of the public (signed-out) screens of both portals: brand, theme toggle, centred content. */
export default function PublicLayout() {
  const productName = useProductName()
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <header className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <Link to="/" className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <Brand name={productName} />
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center sm:pt-0">
        <div className="w-full max-w-md">
          <Outlet />
        </div>
      </main>
    </div>
  )
}
