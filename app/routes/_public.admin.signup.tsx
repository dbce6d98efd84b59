import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { AuthCard } from '~/features/auth/auth-card'
import { Svg, type IconProps } from '~/components/ui/shell-icons'
import { buttonVariants } from '~/components/ui/button'
import { requireAnonymousAdmin } from '~/platform/guards.server'
import { pageTitle } from '~/features/shell/screen-kit'

// Drawn by this screen only, so it travels in this screen's own chunk rather than in the shared
// icons (components/ui/icons.tsx), which every screen downloads. The shape is lucide's.
const UserRoundPlusIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M2 21a8 8 0 0 1 13.292-6" />
    <circle cx="10" cy="8" r="5" />
    <path d="M19 16v6M22 19h-6" />
  </Svg>
)

// SPEC.md references /admin/signup without showing it. Admin accounts are created by a Super
// Admin's invitation (the invited admin then creates a password), so this page says so.
export const meta: MetaFunction = ({ matches }) => pageTitle('Admin Sign Up', matches)

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymousAdmin(request)
  return null
}

export default function AdminSignUp() {
  return (
    <AuthCard
      icon={UserRoundPlusIcon}
      title="Admin accounts are by invitation"
      description="Admin Portal accounts are created by a Super Admin. If you should have access, ask a Super Admin at your organisation to invite you; the invitation email lets you create your password."
    >
      <Link to="/admin/signin" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
        Back to Admin Sign In
      </Link>
    </AuthCard>
  )
}
