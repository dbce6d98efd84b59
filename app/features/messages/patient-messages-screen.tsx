import { useLocation } from '@remix-run/react'
import { CircleAlert, MessagesSquare } from 'lucide-react'
import { PageHeader } from '~/components/ui/page-header'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { earlierHref, patientSenderLabel } from './care-messages'
import type { MessageFormAnswer, PatientMessagesPage } from './care-messages.server'
import { formatDateTimeIn } from '~/platform/formats'
import { MessageForm } from './message-form'
import { MessageList } from './message-list'
import { LoadFailed } from '~/components/ui/load-failed'
import { isNotOfferedSentence } from '~/platform/extensions'

export function PatientMessagesScreen({ page, answer }: { page: PatientMessagesPage; answer: MessageFormAnswer | undefined }) {
  const location = useLocation()
  const conversation = page.conversation
  const messages = (conversation?.messages ?? []).map((message) => ({
    id: message.id,
    body: message.body,
    own: message.sender_role === 'patient',
    sender: patientSenderLabel(message),
    time: formatDateTimeIn(message.created_at, page.timeZone, { zoneName: !page.ownZone }),
    isNew: message.unread,
  }))
  return (
    <div className="grid max-w-3xl gap-6 [&>*]:min-w-0">
      <PageHeader title="Messages" description="Write to your care team, and read their replies." />
      <Alert>
        <CircleAlert className="h-4 w-4" aria-hidden />
        <AlertTitle>Not for emergencies</AlertTitle>
        <AlertDescription>If you need urgent help, call your clinic or emergency services.</AlertDescription>
      </Alert>
      <section aria-labelledby="conversation-heading" className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:p-5">
        <h2 id="conversation-heading" className="text-lg font-semibold">
          Your care team
        </h2>
        {page.error ? (
          <LoadFailed title="Your messages could not be loaded" message={page.error} />
        ) : (
          <MessageList
            label="Messages with your care team"
            messages={messages}
            earlierHref={conversation?.has_more ? earlierHref(location.pathname, location.search, messages) : null}
            empty={
              <p className="flex items-center gap-2">
                <MessagesSquare className="h-4 w-4" aria-hidden />
                No messages yet. Write to your care team below.
              </p>
            }
          />
        )}
        {isNotOfferedSentence(page.error) ? null : (
          <MessageForm answer={answer} label="Write to your care team" placeholder="Write your message" />
        )}
      </section>
    </div>
  )
}
