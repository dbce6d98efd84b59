import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { StandaloneFrame } from '~/features/shell/standalone-frame'
import { buttonVariants } from '~/components/ui/button'
import { ShieldAlertIcon } from '~/components/ui/icons'
import { pageTitle } from '~/features/shell/screen-kit'
import { NOT_AUTHORIZED } from '~/platform/shell-messages'

export const meta: MetaFunction = ({ matches }) => pageTitle('Not Authorized', matches)

export default function NotAuthorized() {
  return (
    <StandaloneFrame>
      <div className="rounded-xl border border-border bg-card p-6 text-center shadow-sm sm:p-8">
        <ShieldAlertIcon className="mx-auto h-12 w-12 text-destructive" aria-hidden />
        <h1 className="mt-4 text-2xl font-semibold">Not authorized</h1>
        <p className="mt-2 text-muted-foreground">{NOT_AUTHORIZED}</p>
        <Link to="/" className={buttonVariants({ className: 'mt-6' })}>
          Return to Home
        </Link>
      </div>
    </StandaloneFrame>
  )
}
