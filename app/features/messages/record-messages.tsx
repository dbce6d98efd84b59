import { Form, Link, useLocation, useNavigation } from '@remix-run/react'
import { CheckCheck, MessagesSquare } from 'lucide-react'
import { Section } from '~/components/ui/titled-section'
import { Button } from '~/components/ui/button'
import type { PatientAlert } from '~/../common/contract/alerts'
import { earlierHref, HANDLED_INTENT, readByText, teamSenderLabel } from './care-messages'
import type { MessageFormAnswer, RecordMessages } from './care-messages.server'
import { formatDateTimeIn } from '~/platform/formats'
import { useClinicTimeZone } from '~/platform/use-clinic-time-zone'
import { MessageForm } from './message-form'
import { MessageList } from './message-list'
import { LoadFailed } from '~/components/ui/load-failed'

/** The Messages tab of a patient's record: the conversation, who read it, reply, mark as handled. */
export function RecordMessagesSection({
  messages,
  patientName,
  alerts,
  answer,
  readOnly = false,
}: {
  messages: RecordMessages
  patientName: string
  alerts: PatientAlert[]
  answer: MessageFormAnswer | undefined
  /** A closed account's record: the conversation is shown, nothing more can be sent or marked. */
  readOnly?: boolean
}) {
  const zone = useClinicTimeZone()
  const location = useLocation()
  const navigation = useNavigation()
  const thread = messages.conversation
  const conversation = thread?.conversation ?? null
  const alert = messages.alertId ? alerts.find((a) => a.id === messages.alertId) ?? null : null
  const shown = (thread?.messages ?? []).map((message) => {
    const from = message.alert_id ? alerts.find((a) => a.id === message.alert_id) : undefined
    return {
      id: message.id,
      body: message.body,
      own: message.sender_role === 'admin',
      sender: teamSenderLabel(message, patientName),
      time: formatDateTimeIn(message.created_at, zone),
      isNew: message.sender_role === 'patient' && message.id > (thread?.last_read_message_id ?? 0),
      footer: (
        <p className="grid gap-0.5 text-xs text-muted-foreground">
          {from ? <span>From the alert: {from.title}</span> : null}
          <span>{readByText(message.read_by)}</span>
        </p>
      ),
    }
  })
  const handling = navigation.state === 'submitting' && navigation.formData?.get('intent') === HANDLED_INTENT
  const status = !conversation
    ? 'No messages with this patient yet.'
    : conversation.waiting
      ? 'Waiting for a reply from the care team.'
      : conversation.handled_at
        ? `Marked as handled${conversation.handled_by?.name ? ` by ${conversation.handled_by.name}` : ''} on ${formatDateTimeIn(conversation.handled_at, zone)}.`
        : conversation.last_sender_role === 'admin'
          ? 'The care team wrote last.'
          : ''
  return (
    <Section id="messages" title="Messages" description={status}>
      {messages.error ? (
        <LoadFailed title="The messages could not be loaded" message={messages.error} />
      ) : (
        <MessageList
          label={`Messages with ${patientName || 'the patient'}`}
          messages={shown}
          earlierHref={thread?.has_more ? earlierHref(location.pathname, location.search, shown) : null}
          empty={
            <p className="flex items-center gap-2">
              <MessagesSquare className="h-4 w-4" aria-hidden />
              {readOnly ? 'No messages with this patient.' : 'No messages with this patient yet. Write the first one below.'}
            </p>
          }
        />
      )}
      {readOnly ? (
        <p className="text-sm text-muted-foreground">This patient&apos;s account is closed: no more messages can be sent.</p>
      ) : null}
      {!readOnly && conversation && conversation.waiting ? (
        <Form method="post" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value={HANDLED_INTENT} />
          <Button type="submit" variant="outline" disabled={handling}>
            <CheckCheck aria-hidden />
            {handling ? 'Marking...' : 'Mark as handled'}
          </Button>
          <span className="text-xs text-muted-foreground">When no written reply is needed (e.g. you called the patient).</span>
        </Form>
      ) : null}
      {readOnly ? null : <MessageForm
        answer={answer}
        label={conversation ? 'Reply to the patient' : 'Write to the patient'}
        placeholder={conversation ? 'Write your reply' : 'Write your message'}
        alertId={alert?.id ?? null}
      >
        {alert ? (
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
            <span>
              About the alert: <span className="font-medium text-foreground">{alert.title}</span>
            </span>
            <Link
              to={`${location.pathname}?tab=messages#messages`}
              className="rounded-sm underline underline-offset-4 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              Unlink
            </Link>
          </p>
        ) : null}
      </MessageForm>}
    </Section>
  )
}
