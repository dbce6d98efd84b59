import type { ReactNode } from 'react'
import { Link } from '@remix-run/react'
import { Alert, AlertDescription, AlertTitle } from './alert'
import { CircleAlert, Info } from 'lucide-react'
import { isNotOfferedSentence } from '~/platform/extensions'

type LoadFailedProps = {
  /** What is missing, as the screen names it ("The patients could not be loaded"). */
  title: string
  /** The API's own message (SPEC.md §8), or what happened. */
  message: ReactNode
  /** The same page again, as a full document load (a retry that also works without JavaScript). */
  retryHref?: string
}

/** A screen's (or a section's) data did not arrive: says what, why, and offers to try again. */
export function LoadFailed({ title, message, retryHref }: LoadFailedProps) {
  // A provider without this extension: nothing failed and trying again will not help.
  if (isNotOfferedSentence(message)) {
    return (
      <Alert data-not-offered="">
        <Info className="h-4 w-4" aria-hidden />
        <AlertDescription>{message}</AlertDescription>
      </Alert>
    )
  }
  return (
    <Alert variant="destructive">
      <CircleAlert className="h-4 w-4" aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      {retryHref ? (
        <AlertDescription>
          <p>{message}</p>
          <Link
            to={retryHref}
            reloadDocument
            className="mt-2 inline-block font-medium underline underline-offset-4"
          >
            Try again
          </Link>
        </AlertDescription>
      ) : (
        <AlertDescription>{message}</AlertDescription>
      )}
    </Alert>
  )
}
