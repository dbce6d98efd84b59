import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { cn } from '~/platform/cn'

export type ShownMessage = {
  id: number
  body: string
  /** Whose side it sits on: the reader's own messages on the right. */
  own: boolean
  sender: string
  time: string
  isNew?: boolean
  footer?: ReactNode
}

/**
 * A conversation, oldest first. Bodies are plain text rendered as text (React escapes them; never
 * markup) with their line breaks kept, and long words wrapped so nothing scrolls sideways.
 */
export function MessageList({
  messages,
  earlierHref,
  empty,
  label,
}: {
  messages: ShownMessage[]
  earlierHref: string | null
  empty: ReactNode
  label: string
}) {
  if (messages.length === 0) return <div className="text-sm text-muted-foreground">{empty}</div>
  return (
    <div className="grid gap-3">
      {earlierHref ? (
        <Link
          to={earlierHref}
          preventScrollReset
          className="w-fit rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Show earlier messages
        </Link>
      ) : null}
      <ol aria-label={label} className="grid gap-3">
        {messages.map((message) => (
          <li
            key={message.id}
            id={`message-${message.id}`}
            data-message-id={message.id}
            className={cn('flex min-w-0', message.own ? 'justify-end' : 'justify-start')}
          >
            <article
              aria-label={`${message.sender}, ${message.time}`}
              className={cn(
                'grid min-w-0 max-w-[min(100%,40rem)] gap-1 rounded-lg border px-4 py-3',
                message.own ? 'border-primary/30 bg-primary/10' : 'border-border bg-muted',
              )}
            >
              <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
                <span className="font-semibold text-foreground [overflow-wrap:anywhere]">{message.sender}</span>
                <time>{message.time}</time>
                {message.isNew ? <span className="font-semibold text-primary">New</span> : null}
              </p>
              <p className="whitespace-pre-wrap text-sm text-foreground [overflow-wrap:anywhere]" data-testid="message-body">
                {message.body}
              </p>
              {message.footer}
            </article>
          </li>
        ))}
      </ol>
    </div>
  )
}
