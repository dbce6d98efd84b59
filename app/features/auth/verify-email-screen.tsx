import { Link, useLocation, useNavigation } from '@remix-run/react'
import type { Toast } from '~/platform/toast'
import { AuthCard } from './auth-card'
import { TextLink } from './auth-ui'
import { AuthToast } from './auth-toast'
import { ResendVerificationForm, VerifyEmailSent } from './verify-email-sent'
import { CIRCLE, CircleCheckIcon, SpinnerIcon } from '~/components/ui/icons'
import { Svg, type IconProps } from '~/components/ui/shell-icons'
import { buttonVariants } from '~/components/ui/button'

// Drawn by this screen only, so it travels in this screen's own chunk rather than in the shared
// icons (components/ui/icons.tsx), which every screen downloads. The shape is lucide's.
const CircleXIcon = (props: IconProps) => (
  <Svg {...props}>
    {CIRCLE}
    <path d="m15 9-6 6" />
    <path d="m9 9 6 6" />
  </Svg>
)

export type VerifyEmailState =
  | { state: 'verified'; email: string }
  | { state: 'failed'; email: string; toast: Toast }

export type VerifyEmailActionData = { resend?: { status: 'sent' | 'failed'; email: string }; toast?: Toast } | undefined

/**
 * SPEC.md §2's verify-email states. The server verifies before the page is sent, so the first
 * HTML already holds the outcome; 'Verifying your email' shows while an in-app navigation to
 * another link is on its way.
 */
export function VerifyEmailScreen({ outcome, actionData }: { outcome: VerifyEmailState; actionData: VerifyEmailActionData }) {
  const navigation = useNavigation()
  const { pathname } = useLocation()
  const verifying = navigation.state === 'loading' && !navigation.formData && navigation.location.pathname === pathname

  if (verifying) {
    return (
      <AuthCard icon={SpinnerIcon} title="Verifying your email" description="This takes just a moment.">
        <p className="sr-only" role="status">
          Verifying your email
        </p>
      </AuthCard>
    )
  }

  if (actionData?.resend?.status === 'sent') {
    return (
      <div className="grid gap-4">
        <AuthToast toast={actionData.toast} />
        <VerifyEmailSent email={actionData.resend.email} />
      </div>
    )
  }

  if (outcome.state === 'verified') {
    return (
      <AuthCard
        icon={CircleCheckIcon}
        tone="success"
        title="Email verified successfully."
        description="Your account is ready. Sign in to finish setting up your health profile."
      >
        {/* The address just verified fills the sign-in form (validated again there). */}
        <Link
          to={`/customer/signin?email=${encodeURIComponent(outcome.email)}`}
          className={buttonVariants({ size: 'lg', className: 'w-full' })}
        >
          Sign In
        </Link>
      </AuthCard>
    )
  }

  return (
    <div className="grid gap-4">
      {/* The resend's own toast replaces the verification one once there is one. */}
      <AuthToast toast={actionData?.toast ?? outcome.toast} />
      <AuthCard
        icon={CircleXIcon}
        tone="destructive"
        title="We couldn't verify your email."
        description="The link may have expired or already been used. We can send you a new one."
        footer={
          <p>
            Already verified? <TextLink to="/customer/signin">Sign in</TextLink>
          </p>
        }
      >
        <ResendVerificationForm email={outcome.email} variant="default" />
      </AuthCard>
    </div>
  )
}
