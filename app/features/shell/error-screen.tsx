import { useLocation } from '@remix-run/react'
import { GENERIC_ERROR_SCREEN } from '~/platform/shell-messages'
import { StandaloneFrame } from './standalone-frame'
import { buttonVariants } from '~/components/ui/button'

/** SPEC.md's generic error screen. Never shows error details to the user. */
export function ErrorScreen() {
  const { pathname, search } = useLocation()
  return (
    <StandaloneFrame>
      <div className="rounded-xl border border-border bg-card p-6 text-center shadow-sm sm:p-8" role="alert">
        <h1 className="text-2xl font-semibold">{GENERIC_ERROR_SCREEN.title}</h1>
        <p className="mt-2 text-muted-foreground">{GENERIC_ERROR_SCREEN.text}</p>
        {/* A plain link to this same address reloads the page, with or without JavaScript. */}
        <a href={`${pathname}${search}`} className={buttonVariants({ className: 'mt-6' })}>
          Refresh the page
        </a>
      </div>
    </StandaloneFrame>
  )
}
