import type { ReactNode } from 'react'
import { cn } from '~/platform/cn'

/**
 * The frame every loading placeholder shares: announced once as "Loading …" (the blocks inside
 * are decorative). `still` stops the pulse for previews of screens whose content is not built yet,
 * so a layout sketch never looks like data that is about to arrive.
 */
export function SkeletonFrame({
  label,
  still = false,
  className,
  children,
}: {
  label: string
  still?: boolean
  className?: string
  children: ReactNode
}) {
  if (still) {
    return (
      <div aria-hidden="true" data-skeleton={label} className={cn('[&_*]:animate-none', className)}>
        {children}
      </div>
    )
  }
  return (
    <div role="status" aria-label={`Loading ${label}`} aria-live="polite" aria-busy="true" data-skeleton={label} className={className}>
      <span className="sr-only">{`Loading ${label}…`}</span>
      {children}
    </div>
  )
}
