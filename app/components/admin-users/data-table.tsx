import type { ReactNode, TdHTMLAttributes } from 'react'
import { cn } from '~/lib/cn'

/**
 * A table that scrolls sideways on narrow screens. The scrolling box is focusable and named, so
 * keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function DataTable({
  caption,
  captionHidden = false,
  children,
  className,
}: {
  caption: string
  captionHidden?: boolean
  children: ReactNode
  className?: string
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
    <div role="region" aria-label={caption} tabIndex={0} className={cn('relative overflow-x-auto rounded-lg border border-border bg-card focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring', className)}>
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <caption className={cn('px-4 py-3 text-left font-medium', captionHidden && 'sr-only')}>{caption}</caption>
        {children}
      </table>
    </div>
  )
}

export function Th({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <th scope="col" className={cn('border-b border-border bg-muted/50 px-3 py-2.5 font-medium text-muted-foreground sm:px-4', className)}>
      {children}
    </th>
  )
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('border-b border-border px-3 py-3 align-top sm:px-4', className)} {...props} />
}
