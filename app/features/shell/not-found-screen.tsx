import { Link } from '@remix-run/react'
import { NOT_FOUND } from '~/platform/shell-messages'
import { StandaloneFrame } from './standalone-frame'
import { buttonVariants } from '~/components/ui/button'

/**
 * SPEC.md's page-not-found screen. 'Go Back' is a link to '/' that JavaScript upgrades to
 * history.back(), so without JavaScript it still leads somewhere sensible.
 */
export function NotFoundScreen() {
  return (
    <StandaloneFrame>
      <div className="rounded-xl border border-border bg-card p-6 text-center shadow-sm sm:p-8">
        <p className="text-5xl font-bold text-primary" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-2xl font-semibold">{NOT_FOUND.title}</h1>
        <p className="mt-2 text-muted-foreground">{NOT_FOUND.text}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <a
            href="/"
            className={buttonVariants({ variant: 'outline' })}
            onClick={(event) => {
              if (window.history.length > 1) {
                event.preventDefault()
                window.history.back()
              }
            }}
          >
            {NOT_FOUND.back}
          </a>
          <Link to="/" className={buttonVariants()}>
            {NOT_FOUND.home}
          </Link>
        </div>
      </div>
    </StandaloneFrame>
  )
}
