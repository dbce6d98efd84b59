// "5 minutes ago", with the exact time shown on hover and on keyboard focus (CSS only, so it works
// before and without JavaScript) and read out as the time's description.
import { useId } from 'react'
import type { SyncedTime as Synced } from './devices'

export function SyncedTime({ time }: { time: Synced }) {
  const id = useId()
  return (
    <span className="group relative inline-block">
      <time
        dateTime={time.iso}
        // Focusable so keyboard users can reach the exact time, as a pointer can by hovering.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-describedby={id}
        className="rounded-sm underline decoration-dotted underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="last-synced"
      >
        {time.relative}
      </time>
      <span
        role="tooltip"
        id={id}
        className="pointer-events-none invisible absolute bottom-full right-0 z-20 mb-2 whitespace-nowrap rounded-md bg-foreground px-2 py-1 text-xs font-medium text-background opacity-0 shadow-md transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {time.exact}
      </span>
    </span>
  )
}
