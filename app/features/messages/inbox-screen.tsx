import { Link } from '@remix-run/react'
import { Inbox as InboxIcon } from 'lucide-react'
import { PageHeader } from '~/components/ui/page-header'
import { PageLinks } from '~/components/ui/page-links'
import { buttonVariants } from '~/components/ui/button'
import { INBOX_FILTER_LABELS, INBOX_FILTERS, inboxHref, recordMessagesHref, type InboxItem } from './care-messages'
import type { InboxPage } from './care-messages.server'
import { cn } from '~/platform/cn'
import { formatDateTimeIn } from '~/platform/formats'
import { useClinicTimeZone } from '~/platform/use-clinic-time-zone'
import { LoadFailed } from '~/components/ui/load-failed'

const EMPTY: Record<string, string> = {
  all: 'No messages yet. Patients can write to the care team from their Messages screen.',
  unread: 'Nothing unread.',
  waiting: 'No patient is waiting for a reply.',
}

function InboxRow({ item, zone }: { item: InboxItem; zone: string }) {
  return (
    <li>
      <Link
        to={recordMessagesHref(item.patient_id)}
        prefetch="none"
        className={cn(
          'grid gap-1 rounded-lg border border-border p-4 outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
          item.unread > 0 && 'border-primary/40 bg-primary/5',
        )}
      >
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className={cn('min-w-0 [overflow-wrap:anywhere]', item.unread > 0 ? 'font-semibold' : 'font-medium')}>
            {item.patient_name || `Patient ${item.patient_id}`}
          </span>
          {item.unread > 0 ? (
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
              {item.unread} unread
            </span>
          ) : null}
          {item.waiting ? (
            <span className="rounded-full border border-border px-2 py-0.5 text-xs font-medium">Waiting for reply</span>
          ) : item.handled_at ? (
            <span className="text-xs text-muted-foreground">
              Handled{item.handled_by?.name ? ` by ${item.handled_by.name}` : ''}
            </span>
          ) : null}
          <time className="ml-auto text-xs text-muted-foreground">{formatDateTimeIn(item.last_message_at, zone)}</time>
        </span>
        <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          <span className="font-medium text-foreground">{item.last_sender_role === 'patient' ? 'Patient' : 'Care team'}:</span>{' '}
          {item.preview}
          {item.truncated ? '…' : ''}
        </span>
      </Link>
    </li>
  )
}

export function InboxScreen({ page }: { page: InboxPage }) {
  const zone = useClinicTimeZone()
  const { query, inbox } = page
  const counts: Record<string, number | null> = { all: null, unread: inbox?.unread ?? null, waiting: inbox?.waiting ?? null }
  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <PageHeader title="Messages" description="Conversations with patients, newest first." />
      <nav aria-label="Filter messages" className="flex flex-wrap gap-2">
        {INBOX_FILTERS.map((filter) => (
          <Link
            key={filter}
            to={inboxHref(query, { filter, page: 1 })}
            aria-current={query.filter === filter ? 'page' : undefined}
            className={buttonVariants({ variant: query.filter === filter ? 'default' : 'outline', size: 'sm' })}
          >
            {INBOX_FILTER_LABELS[filter]}
            {counts[filter] !== null ? ` (${counts[filter]})` : ''}
          </Link>
        ))}
      </nav>
      {page.error ? (
        <LoadFailed title="The messages could not be loaded" message={page.error} />
      ) : inbox && inbox.items.length > 0 ? (
        <ul aria-label="Conversations" className="grid gap-3">
          {inbox.items.map((item) => (
            <InboxRow key={item.conversation_id} item={item} zone={zone} />
          ))}
        </ul>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <InboxIcon className="h-4 w-4" aria-hidden />
          {EMPTY[query.filter]}
        </p>
      )}
      {inbox && inbox.pages > 1 ? (
        <PageLinks
          summary={`Page ${query.page} of ${inbox.pages} · ${inbox.total} conversations`}
          previous={query.page > 1 ? inboxHref(query, { page: query.page - 1 }) : null}
          next={query.page < inbox.pages ? inboxHref(query, { page: query.page + 1 }) : null}
        />
      ) : null}
    </div>
  )
}
