// The auth screens' small parts that need neither conform nor zod at run time, so screens without
// a validated form (verify e-mail, the check-your-inbox state) stay light. The e-mail field is
// email-field.tsx's, so that those screens do not download the form field components either.
// The signed-out forms add public-form.ts; the app's change-password form imports them through
// form-parts.tsx.
import type { SubmissionResult } from '@conform-to/react'
import { Link, useNavigation, type LinkProps } from '@remix-run/react'
import type { ReactNode } from 'react'
import { cn } from '~/platform/cn'
import { SpinnerIcon } from '~/components/ui/icons'
import { Button, type ButtonProps } from '~/components/ui/button'

export type LastResult = SubmissionResult<string[]> | null | undefined

/**
 * The first of `names` with an error in the server's answer. Without JavaScript the page is
 * rendered anew, so that field gets `autoFocus` (with JavaScript the form state moves focus itself).
 */
export function firstInvalidField(lastResult: LastResult, names: readonly string[]): string | undefined {
  const errors = lastResult?.error ?? {}
  return names.find((name) => (errors[name]?.length ?? 0) > 0)
}

/**
 * Whether a form of this page is being submitted: any form, the one whose button posts this
 * `intent`, or (null) the one without an intent.
 */
export function useIsSubmitting(intent?: string | null): boolean {
  const navigation = useNavigation()
  if (navigation.state === 'idle' || !navigation.formData) return false
  return intent === undefined || navigation.formData.get('intent') === intent
}

export function SubmitButton({
  pending,
  pendingLabel,
  children,
  className,
  onClick,
  ...props
}: ButtonProps & { pending: boolean; pendingLabel: string }) {
  return (
    <Button
      type="submit"
      size="lg"
      className={cn('w-full', className)}
      // aria-disabled rather than disabled while busy: the button keeps focus, and a second
      // click is simply ignored instead of posting the form twice.
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault()
        onClick?.(event)
      }}
      {...props}
    >
      {pending ? (
        <>
          <SpinnerIcon className="animate-spin" aria-hidden />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  )
}

export function TextLink({ className, ...props }: LinkProps) {
  return (
    <Link
      className={cn(
        'rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        className,
      )}
      {...props}
    />
  )
}

/** A link that opens in a new tab, and says so to screen readers. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="rounded-sm font-medium text-primary underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  )
}
