import { Form, Link } from '@remix-run/react'
import { ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import type { CodeFormReply, SetupScreenData } from './admin-mfa'
import { cn } from '~/platform/cn'
import { HOME_PATH } from '~/platform/portal'
import { PageHeader } from '~/components/ui/page-header'
import { SubmitButton, useIsSubmitting } from './auth-ui'
import { FormError } from '~/components/ui/forms'
import { MfaCodeField } from './mfa-code-field'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { buttonVariants } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'

export type SetupReply = CodeFormReply | undefined

/** Set up, or see, the admin's second factor (/admin/two-factor). */
export function TwoFactorSetupScreen({ screen, reply }: { screen: SetupScreenData; reply: SetupReply }) {
  return (
    <div className="grid max-w-2xl gap-6">
      <PageHeader title="Two-factor authentication" description="A code from your phone at every sign-in, on top of your password." />
      {screen.view === 'codes' ? <RecoveryCodes codes={screen.codes} /> : null}
      {screen.view === 'enabled' ? <Enabled left={screen.recoveryCodesLeft} /> : null}
      {screen.view === 'setup' ? <Setup screen={screen} reply={reply} /> : null}
      {screen.view === 'unavailable' ? <Alert variant="destructive">{screen.message}</Alert> : null}
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <h2 className="text-lg font-semibold">{title}</h2>
        {children}
      </CardContent>
    </Card>
  )
}

function Setup({ screen, reply }: { screen: Extract<SetupScreenData, { view: 'setup' }>; reply: SetupReply }) {
  const pending = useIsSubmitting(null)
  return (
    <>
      {screen.required ? (
        <Alert>
          <AlertTitle className="font-semibold">Set up two-factor authentication to continue</AlertTitle>
          <AlertDescription>Your role requires a second step at sign-in. The admin portal opens once it is set up.</AlertDescription>
        </Alert>
      ) : null}
      <Section title="1. Scan the QR code">
        <p className="text-sm text-muted-foreground">
          Open an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) and scan this code.
        </p>
        <svg
          role="img"
          aria-label="QR code for your authenticator app"
          viewBox={`0 0 ${screen.qr.size} ${screen.qr.size}`}
          className="h-48 w-48 max-w-full rounded-md border border-border"
          shapeRendering="crispEdges"
          data-testid="mfa-qr"
        >
          {/* Black on white in both themes: scanners need the contrast. */}
          <rect width={screen.qr.size} height={screen.qr.size} fill="#ffffff" />
          <path d={screen.qr.path} fill="#000000" />
        </svg>
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">Can&apos;t scan it? Enter this key in the app instead:</p>
          <code data-testid="mfa-key" className="break-all rounded-md bg-muted px-3 py-2 font-mono text-base tracking-wider">
            {screen.key}
          </code>
        </div>
      </Section>
      <Section title="2. Enter the code from the app">
        <FormError errors={reply?.formError} />
        <Form method="post" className="grid gap-2 sm:max-w-xs" noValidate>
          <MfaCodeField label="6-digit code" error={reply?.fieldError} accepts="app-code" />
          <SubmitButton pending={pending} pendingLabel="Turning on...">
            Turn on two-factor authentication
          </SubmitButton>
        </Form>
      </Section>
    </>
  )
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Section title="Save your recovery codes now">
      <Alert>
        <AlertTitle className="font-semibold">These codes are shown only once</AlertTitle>
        <AlertDescription>
          Each code signs you in once if you lose your phone. Save them in a password manager or print them before you leave this page.
        </AlertDescription>
      </Alert>
      <ol className="grid grid-cols-1 gap-2 font-mono text-base min-[360px]:grid-cols-2 sm:max-w-md" data-testid="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-muted px-3 py-2 text-center tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <Link to={HOME_PATH.admin} className={cn(buttonVariants({ size: 'lg' }), 'w-full sm:w-auto sm:justify-self-start')}>
        I have saved my recovery codes
      </Link>
    </Section>
  )
}

function Enabled({ left }: { left: number }) {
  return (
    <Section title="Two-factor authentication is on">
      <p className="flex items-center gap-2 text-sm">
        <ShieldCheck className="h-4 w-4 text-success" aria-hidden />
        Each sign-in asks for a code from your authenticator app.
      </p>
      <p className="text-sm text-muted-foreground">
        Recovery codes left: <span className="font-medium text-foreground">{left}</span>. Lost your phone? Sign in with a recovery code, or ask a Super
        Admin to reset your two-factor authentication.
      </p>
    </Section>
  )
}
