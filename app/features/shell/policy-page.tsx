import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { StandaloneFrame } from './standalone-frame'

/**
 * Our own terms and privacy pages, linked from sign-up unless TERMS_URL / PRIVACY_URL point
 * elsewhere. Placeholder text that says honestly what it is, rather than a dead example.com link.
 */
export function PolicyPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <StandaloneFrame wide>
      <article className="rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8 [&_h2]:mt-6 [&_h2]:text-lg [&_h2]:font-semibold [&_li]:mt-1 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-5">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="rounded-md border border-primary/40 bg-primary/10 px-3 py-2 text-sm">
          This is a placeholder. The clinic that runs this service has not published its own{' '}
          {title.toLowerCase()} here yet; ask them for the version that applies to you.
        </p>
        {children}
        <p className="text-sm text-muted-foreground">
          <Link to="/customer/signup" className="text-primary underline-offset-4 hover:underline">
            Back to sign-up
          </Link>
        </p>
      </article>
    </StandaloneFrame>
  )
}
