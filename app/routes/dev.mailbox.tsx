import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Inbox } from 'lucide-react'
import { PublicHeader } from '~/features/shell/public-header'
import { Alert } from '~/components/ui/alert'
import { isDevMailboxEnabled, readDevOutbox } from '~/features/auth/dev-mailbox.server'
import { pageTitle } from '~/features/shell/screen-kit'

export const meta: MetaFunction = ({ matches }) => [...pageTitle('Development Mailbox', matches), { name: 'robots', content: 'noindex' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Anything else answers exactly like an unknown page.
  if (!isDevMailboxEnabled(context)) throw new Response('Not Found', { status: 404 })
  return readDevOutbox(request)
}

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' })

function formatTime(iso: string) {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date)
}

export default function DevMailbox() {
  const { messages, error } = useLoaderData<typeof loader>()
  return (
    <div className="min-h-screen bg-muted/40">
      <PublicHeader />
      <main className="mx-auto grid max-w-3xl gap-4 px-4 pb-12 pt-4">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">Development Mailbox</h1>
            <p className="text-sm text-muted-foreground">
              Emails the embedded reference provider would have sent, newest first. Development only.
            </p>
          </div>
          {/* A plain link reloads without JavaScript too. */}
          <a href="/dev/mailbox" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Refresh
          </a>
        </div>
        {error ? <Alert variant="destructive">{error}</Alert> : null}
        {messages.length === 0 && !error ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border bg-card p-10 text-center text-muted-foreground">
            <Inbox className="h-8 w-8" aria-hidden />
            <p>No emails yet.</p>
          </div>
        ) : null}
        <ol className="grid min-w-0 gap-4" aria-label="Emails">
          {messages.map((mail) => (
            <li key={mail.id} className="min-w-0">
              <article className="rounded-lg border border-border bg-card p-4 text-card-foreground shadow-sm" aria-labelledby={`mail-${mail.id}`}>
                <h2 id={`mail-${mail.id}`} className="text-base font-semibold">
                  {mail.subject}
                </h2>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-muted-foreground">
                  <dt>To</dt>
                  <dd className="break-all text-foreground">{mail.to}</dd>
                  <dt>Sent</dt>
                  <dd>
                    <time dateTime={mail.createdAt}>{formatTime(mail.createdAt)}</time>
                  </dd>
                </dl>
                <pre className="mt-3 whitespace-pre-wrap font-sans text-sm [overflow-wrap:anywhere]">{mail.text}</pre>
                {mail.links.length > 0 ? (
                  <ul className="mt-3 grid gap-1 text-sm">
                    {mail.links.map((link) => (
                      <li key={link}>
                        <a href={link} className="break-all font-medium text-primary underline underline-offset-4">
                          {link}
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      </main>
    </div>
  )
}
