import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { StandaloneFrame } from '~/features/shell/standalone-frame'
import { buttonVariants } from '~/components/ui/button'
import { Svg, type IconProps } from '~/components/ui/shell-icons'
import { pageTitle } from '~/features/shell/screen-kit'
import { NOT_AUTHORIZED } from '~/platform/shell-messages'

// Drawn by this screen only, so it travels in this screen's own chunk rather than in the shared
// icons (components/ui/icons.tsx), which every screen downloads. The shape is lucide's.
const ShieldAlertIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z" />
    <path d="M12 8v4M12 16h.01" />
  </Svg>
)

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
