import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { AuthCard } from '~/features/auth/auth-card'
import { UserRoundPlusIcon } from '~/components/ui/icons'
import { buttonVariants } from '~/components/ui/button'
import { requireAnonymousAdmin } from '~/platform/guards.server'
import { pageTitle } from '~/features/shell/screen-kit'

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
