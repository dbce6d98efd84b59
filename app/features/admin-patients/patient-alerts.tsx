import { Link } from '@remix-run/react'
import { BellOff, MessageSquareText } from 'lucide-react'
import { buttonVariants } from '~/components/ui/button'
import { recordMessagesHref } from '~/features/messages/care-messages'
import { formatDate, formatDateTime } from './admin-patients'
import type { AcknowledgeAnswer } from './admin-patients.server'
import { sortAlerts, STATUS_LABELS, type PatientAlert } from './alerts'
import { AcknowledgeForm } from './acknowledge-form'
import { TierBadge } from './alert-badge'
import { Section } from '~/components/ui/titled-section'
import { useClinicTimeZone } from '~/platform/use-clinic-time-zone'

export function PatientAlerts({
  alerts,
  answer,
  patientId,
  readOnly = false,
}: {
  alerts: PatientAlert[]
  answer: AcknowledgeAnswer | undefined
  patientId: number
  /** A closed account's record: alerts are shown, not acknowledged. */
  readOnly?: boolean
}) {
  const zone = useClinicTimeZone()
  const sorted = sortAlerts(alerts)
  const open = sorted.filter((alert) => alert.status === 'open').length
  return (
    <Section
      id="alerts"
      title="Alerts"
      description={open === 0 ? 'No open alerts.' : `${open} open ${open === 1 ? 'alert' : 'alerts'}.`}
    >
      {sorted.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <BellOff className="h-4 w-4" aria-hidden />
          This patient has had no alerts.
        </p>
      ) : (
        <ul className="grid gap-3">
          {sorted.map((alert) => (
            <li key={alert.id} className="grid gap-3 rounded-lg border border-border p-4">
              <div className="flex flex-wrap items-center gap-2">
                <TierBadge tier={alert.tier} />
                <h3 className="font-medium">{alert.title}</h3>
                <span className="text-xs text-muted-foreground">
                  {STATUS_LABELS[alert.status]} · opened {formatDate(alert.opened_at)}
                </span>
              </div>
              <p className="text-sm">{alert.detail}</p>
              <AlertMessageLinks alert={alert} patientId={patientId} />
              {alert.status === 'open' && !readOnly ? (
                <AcknowledgeForm alertId={alert.id} title={alert.title} answer={answer} />
              ) : alert.acknowledged_at ? (
                <div className="rounded-md bg-muted p-3 text-sm">
                  <p>
                    Acknowledged by {alert.acknowledged_by ?? 'an admin'} on{' '}
                    {formatDateTime(alert.acknowledged_at, zone)}
                  </p>
                  {alert.note ? (
                    <p className="mt-1 whitespace-pre-wrap text-muted-foreground">{alert.note}</p>
                  ) : null}
                  {alert.resolved_at ? (
                    <p className="mt-1 text-muted-foreground">Resolved {formatDate(alert.resolved_at)}</p>
                  ) : null}
                </div>
              ) : alert.resolved_at ? (
                <p className="text-sm text-muted-foreground">
                  Resolved on its own {formatDate(alert.resolved_at)}.
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

/**
 * "Message patient" opens the record's Messages tab with this alert linked (sent as `alert_id`
 * with the message); once the team has written from it, the alert links to that message.
 */
function AlertMessageLinks({ alert, patientId }: { alert: PatientAlert; patientId: number }) {
  const linkClasses = buttonVariants({ variant: 'outline', size: 'sm' })
  return (
    <div className="flex flex-wrap gap-2">
      {alert.message_id ? (
        <Link
          to={recordMessagesHref(patientId).replace('#messages', `#message-${alert.message_id}`)}
          prefetch="none"
          className={linkClasses}
          aria-label={`View message about ${alert.title}`}
        >
          <MessageSquareText aria-hidden />
          View message
        </Link>
      ) : null}
      {alert.status !== 'resolved' ? (
        <Link
          to={recordMessagesHref(patientId, alert.id)}
          prefetch="none"
          className={linkClasses}
          aria-label={`Message patient about ${alert.title}`}
        >
          <MessageSquareText aria-hidden />
          Message patient
        </Link>
      ) : null}
    </div>
  )
}
