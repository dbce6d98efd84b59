import { Link } from '@remix-run/react'
import { useProductName } from '~/platform/use-product-name'
import { Brand } from './brand'
import { ThemeToggle } from './theme-toggle'

/** The header of every screen outside the two portals: the brand leading home, the theme toggle. */
export function PublicHeader() {
  const productName = useProductName()
  return (
    <header className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6">
      <Link to="/" className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <Brand name={productName} />
      </Link>
      <ThemeToggle />
    </header>
  )
}
