import { useEffect, useId, useRef, useState, type ReactNode, type TdHTMLAttributes } from 'react'
import { cn } from '~/platform/cn'

/**
 * A table that fits where it can and scrolls sideways inside its own box where it cannot (a
 * phone). The box is focusable and named, so keyboard users can scroll it too (axe:
 * scrollable-region-focusable); shadows at its edges show that more columns are hidden (pure CSS:
 * "local" backgrounds cover the shadows when scrolled to that edge), and with JavaScript a line
 * says so in words while it overflows.
 */
export function DataTable({
  caption,
  captionHidden = false,
  children,
  className,
  minWidth = 'min-w-[40rem]',
}: {
  caption: string
  captionHidden?: boolean
  children: ReactNode
  className?: string
  /** The width below which the table scrolls rather than squeezes its columns. */
  minWidth?: string
}) {
  const box = useRef<HTMLDivElement>(null)
  const hintId = useId()
  const [overflowing, setOverflowing] = useState(false)
  useEffect(() => {
    const element = box.current
    if (!element) return
    const check = () => setOverflowing(element.scrollWidth > element.clientWidth + 1)
    check()
    const observer = new ResizeObserver(check)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return (
    <div className={cn('grid gap-1.5', className)}>
      <div
        ref={box}
        role="region"
        aria-label={caption}
        aria-describedby={overflowing ? hintId : undefined}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
        tabIndex={0}
        data-overflowing={overflowing || undefined}
        className="scroll-shadows relative overflow-x-auto rounded-lg border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <table className={cn('w-full border-collapse text-left text-sm', minWidth)}>
          <caption className={cn('px-4 py-3 text-left font-medium', captionHidden && 'sr-only')}>{caption}</caption>
          {children}
        </table>
      </div>
      {overflowing ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          Scroll sideways in the table to see every column.
        </p>
      ) : null}
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
